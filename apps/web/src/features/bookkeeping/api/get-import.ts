import { type ImportJob, importJobSchema } from '@centric/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IMPORT_POLL_MS, isRunning } from '../../../components/job-status.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

export { isRunning };

/** GET /api/positions-imports/:id: its status, progress and report. */
export const getImport = async (id: string, signal?: AbortSignal) =>
  (await api.get(`/positions-imports/${id}`, { schema: importJobSchema, ...(signal ? { signal } : {}) }))
    .result;

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.bookkeeping.importJob(id),
    queryFn: ({ signal }) => getImport(id, signal),
    // Asked again every second while it is queued or running; a finished or waiting job stays as it is.
    refetchInterval: (current) =>
      current.state.data && isRunning(current.state.data) ? IMPORT_POLL_MS : false,
  });

/** One import, followed while it runs; null: nothing to follow. */
export const useImport = (id: string | null) =>
  useQuery({ ...importQueryOptions(id ?? ''), enabled: id !== null });

/**
 * A call that answers the job (upload, apply, cancel): the answer is the job as it is now, kept as its query's
 * data (then followed from there), and the list of imports shows the change.
 */
export const useImportJobMutation = <V>(
  mutationFn: (variables: V) => Promise<{ job: ImportJob; message: string }>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ job }) => {
      queryClient.setQueryData(queryKeys.bookkeeping.importJob(job.id), job);
      return queryClient.invalidateQueries({ queryKey: queryKeys.bookkeeping.imports() });
    },
  });
};
