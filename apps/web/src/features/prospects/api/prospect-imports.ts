import {
  type ProspectImportApplyBody,
  type ProspectImportJob,
  prospectImportJobSchema,
  type ProspectImportRowStatus,
  prospectImportRowSchema,
  type ProspectImportUploadQuery,
} from '@centric/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IMPORT_POLL_MS, isRunning } from '../../../components/job-status.tsx';
import { api, apiUpload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Prospect imports (issue 17 §1): upload with the mapping, the job followed, its lines, confirm or cancel. */

/** GET /api/prospect-imports/:id, asked again every second while it is queued or running. */
export const useProspectImport = (id: string) =>
  useQuery({
    queryKey: queryKeys.prospects.importJob(id),
    queryFn: async ({ signal }) =>
      (await api.get(`/prospect-imports/${id}`, { schema: prospectImportJobSchema, signal })).result,
    refetchInterval: (current) =>
      current.state.data && isRunning(current.state.data) ? IMPORT_POLL_MS : false,
  });

export type ImportRowsQuery = { status: ProspectImportRowStatus | ''; page: number; limit: number };

/** GET /api/prospect-imports/:id/rows: one page of the lines, of one status or all. */
export const useProspectImportRows = (id: string, query: ImportRowsQuery, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.prospects.importRows(id, query),
    queryFn: async ({ signal }) => {
      const response = await api.get(`/prospect-imports/${id}/rows`, {
        query,
        schema: z.array(prospectImportRowSchema),
        signal,
      });
      return { items: response.result, total: response.totalResults ?? response.result.length };
    },
    placeholderData: keepPreviousData,
    enabled,
  });

/** A call that answers the job: kept as its query's data (then followed); its lines are read again. */
const useProspectImportMutation = <V>(
  mutationFn: (variables: V) => Promise<{ job: ProspectImportJob; message: string }>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ job }) => {
      queryClient.setQueryData(queryKeys.prospects.importJob(job.id), job);
      return queryClient.invalidateQueries({ queryKey: queryKeys.prospects.imports() });
    },
  });
};

export type ProspectUpload = { file: File; query: Partial<ProspectImportUploadQuery> };

/** POST /api/prospect-imports?firstName=…&defaultLeadStatus=… (multipart `file`): 202 with the checking job. */
export const useUploadProspects = () =>
  useProspectImportMutation(async ({ file, query }: ProspectUpload) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const response = await apiUpload(`/prospect-imports?${params.toString()}`, file, {
      schema: prospectImportJobSchema,
    });
    return { job: response.result, message: response.message };
  });

/** POST /api/prospect-imports/:id/apply with what to do with the duplicates. */
export const useApplyProspectImport = (duplicates: ProspectImportApplyBody['duplicates']) =>
  useProspectImportMutation(async (id: string) => {
    const response = await api.post(
      `/prospect-imports/${id}/apply`,
      { duplicates },
      { schema: prospectImportJobSchema },
    );
    return { job: response.result, message: response.message };
  });

/** POST /api/prospect-imports/:id/cancel. */
export const useCancelProspectImport = () =>
  useProspectImportMutation(async (id: string) => {
    const response = await api.post(`/prospect-imports/${id}/cancel`, undefined, {
      schema: prospectImportJobSchema,
    });
    return { job: response.result, message: response.message };
  });
