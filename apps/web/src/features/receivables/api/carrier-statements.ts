import {
  type ResolveDifferenceBody,
  type StatementDifferencesQuery,
  type StatementJob,
  type StatementMapping,
  statementAgingSchema,
  statementDifferenceSchema,
  statementJobSchema,
  statementMappingSchema,
} from '@centric/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IMPORT_POLL_MS, isRunning } from '../../../components/job-status.tsx';
import { api, apiUpload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Carrier statements (issue 16 §2): the imports as jobs, a provider's mapping, the differences, the aged list. */

export type StatementsQuery = { page: number; limit: number };

/** GET /api/carrier-statements: one page of statement imports, newest first. */
export const useStatementImports = (query: StatementsQuery) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.receivables.statementList(query),
      queryFn: async ({ signal }) => {
        const response = await api.get('/carrier-statements', {
          query,
          schema: z.array(statementJobSchema),
          signal,
        });
        return { items: response.result, total: response.totalResults ?? response.result.length };
      },
      placeholderData: keepPreviousData,
      // An import on its way moves on by itself: its row follows it.
      refetchInterval: (current) => (current.state.data?.items.some(isRunning) ? 3000 : false),
    }),
  );

/** GET /api/carrier-statements/:id, asked again every second while it is queued or running. */
export const useStatementImport = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.receivables.statementJob(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get(`/carrier-statements/${id}`, { schema: statementJobSchema, signal })).result,
    enabled: id !== null,
    refetchInterval: (current) =>
      current.state.data && isRunning(current.state.data) ? IMPORT_POLL_MS : false,
  });

/** GET /api/statement-mappings/:providerId: the provider's saved columns, or the usual names. */
export const useStatementMapping = (providerId: number | null) =>
  useQuery({
    queryKey: queryKeys.receivables.statementMapping(providerId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(`/statement-mappings/${providerId}`, { schema: statementMappingSchema, signal })).result,
    enabled: providerId !== null,
  });

/** A call that answers the job: kept as its query's data (then followed), the list shows the change. */
const useStatementJobMutation = <V>(
  mutationFn: (variables: V) => Promise<{ job: StatementJob; message: string }>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ job }) => {
      queryClient.setQueryData(queryKeys.receivables.statementJob(job.id), job);
      return queryClient.invalidateQueries({ queryKey: queryKeys.receivables.statements() });
    },
  });
};

export type StatementUpload = { providerId: number; mapping: StatementMapping; file: File };

/** POST /api/carrier-statements?providerId=…&policyColumn=… (multipart `file`): 202 with the checking job. */
export const useUploadStatement = () =>
  useStatementJobMutation(async ({ providerId, mapping, file }: StatementUpload) => {
    const query = new URLSearchParams({
      providerId: String(providerId),
      policyColumn: mapping.policyColumn,
      dateColumn: mapping.dateColumn,
      amountColumn: mapping.amountColumn,
      ...(mapping.kindColumn ? { kindColumn: mapping.kindColumn } : {}),
    });
    const response = await apiUpload(`/carrier-statements?${query.toString()}`, file, {
      schema: statementJobSchema,
    });
    return { job: response.result, message: response.message };
  });

/** POST /api/carrier-statements/:id/apply | cancel. */
export const useStatementJobAction = (action: 'apply' | 'cancel') =>
  useStatementJobMutation(async (id: string) => {
    const response = await api.post(`/carrier-statements/${id}/${action}`, undefined, {
      schema: statementJobSchema,
    });
    return { job: response.result, message: response.message };
  });

export type DifferencesRequest = Pick<StatementDifferencesQuery, 'status' | 'page' | 'limit'> &
  Partial<Pick<StatementDifferencesQuery, 'flag' | 'providerId'>>;

/** GET /api/statement-differences: one page of differences, oldest first, with the total. */
export const useStatementDifferences = (query: DifferencesRequest) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.receivables.differences(query),
      queryFn: async ({ signal }) => {
        const response = await api.get('/statement-differences', {
          query,
          schema: z.array(statementDifferenceSchema),
          signal,
        });
        return { items: response.result, total: response.totalResults ?? response.result.length };
      },
      placeholderData: keepPreviousData,
    }),
  );

/** GET /api/statement-differences/aging: the open differences by provider and age. */
export const useStatementAging = () =>
  useQuery({
    queryKey: queryKeys.receivables.aging(),
    queryFn: async ({ signal }) =>
      (await api.get('/statement-differences/aging', { schema: statementAgingSchema, signal })).result,
  });

/** POST /api/statement-differences/:id/resolve; the receivables' lists and figures are read again. */
export const useResolveDifference = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ResolveDifferenceBody }) => {
      const response = await api.post(`/statement-differences/${id}/resolve`, body, {
        schema: statementDifferenceSchema,
      });
      return { difference: response.result, message: response.message };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.receivables.all }),
  });
};
