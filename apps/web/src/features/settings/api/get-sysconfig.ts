import { sysconfigSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/sysconfig: the firm's settings (SSN masking, the large withdrawal thresholds). */
export const getSysconfig = async (signal?: AbortSignal) =>
  (await api.get('/sysconfig', { schema: sysconfigSchema, ...(signal ? { signal } : {}) })).result;

export const sysconfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.firmSettings.sysconfig(),
    queryFn: ({ signal }) => getSysconfig(signal),
  });

export const useSysconfig = () => useQuery(sysconfigQueryOptions());
