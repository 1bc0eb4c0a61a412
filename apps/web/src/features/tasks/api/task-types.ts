import { masterDataItemResultSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import type { MasterOption } from '../../../lib/lookups/master-options.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The master-data list an administrator keeps for task types (Call, Email, Meeting …). */
export const TASK_TYPES_LIST = 'task-types';

/**
 * The task types as Select options, sorted by name: GET /api/master-data/task-types (open to every signed-in
 * user), cached under the master-data options of lib/lookups so a change in Master Data refreshes it.
 */
export const getTaskTypeOptions = async (signal?: AbortSignal): Promise<MasterOption[]> => {
  const { result } = await api.get(`/master-data/${TASK_TYPES_LIST}`, {
    query: { limit: 100, sortBy: 'name', order: 'ASC' },
    schema: z.array(masterDataItemResultSchema),
    ...(signal ? { signal } : {}),
  });
  return result.map((item) => ({ value: String(item.id), label: item.name, children: [] }));
};

export const taskTypeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lookups.masterOptions(TASK_TYPES_LIST),
    queryFn: ({ signal }) => getTaskTypeOptions(signal),
    staleTime: 10 * 60 * 1000,
  });

export const useTaskTypeOptions = (enabled = true) => useQuery({ ...taskTypeOptionsQueryOptions(), enabled });
