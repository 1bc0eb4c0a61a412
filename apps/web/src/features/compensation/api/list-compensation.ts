import { type CompensationQuery, payeeCompensationSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/compensation?from&to&basis: every payee's payable of the period, with what was marked paid. */
export const listCompensation = async (query: CompensationQuery, signal?: AbortSignal) =>
  (
    await api.get('/compensation', {
      query,
      schema: z.array(payeeCompensationSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useCompensation = (query: CompensationQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.compensation.firm(query),
    queryFn: ({ signal }) => listCompensation(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
