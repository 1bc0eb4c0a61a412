import {
  type WorkflowRequestStatus,
  workflowRequestHouseholdSchema,
  workflowRequestPreviewSchema,
  workflowRequestSchema,
  workflowRequestSummarySchema,
  type WorkflowRequestStartBody,
} from '@centric/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** Spec §9: lists show 10 a page. */
export const REQUESTS_PAGE_SIZE = 10;

export type WorkflowRequestsQuery = {
  filterBy: WorkflowRequestStatus;
  page: number;
  limit?: number;
  clientId?: string | undefined;
  workflowTypeId?: number | undefined;
  assigneeId?: string | undefined;
  overdue?: boolean | undefined;
  mine?: boolean | undefined;
};

/** GET /api/workflow-requests: a page of requests (progress, overdue count, open assignees) and the total. */
export const listWorkflowRequests = async (query: WorkflowRequestsQuery, signal?: AbortSignal) => {
  const response = await api.get('/workflow-requests', {
    query: {
      ...query,
      limit: query.limit ?? REQUESTS_PAGE_SIZE,
      overdue: query.overdue ? 'true' : undefined,
      mine: query.mine ? 'true' : undefined,
    },
    schema: z.array(workflowRequestSummarySchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const useWorkflowRequests = (query: WorkflowRequestsQuery) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.workflowRequests.list(query),
      queryFn: ({ signal }) => listWorkflowRequests(query, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** GET /api/workflow-requests/:id: one request with its steps. */
export const useWorkflowRequest = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.workflowRequests.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/workflow-requests/${encodeURIComponent(id ?? '')}`, {
          schema: workflowRequestSchema,
          signal,
        })
      ).result,
    enabled: id !== null,
  });

const startableTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  workflowTypeId: z.number(),
  typeName: z.string(),
  version: z.number(),
});

/** GET /api/workflow-requests/templates: the templates with a published version. */
export const useStartableTemplates = () =>
  useQuery({
    queryKey: queryKeys.workflowRequests.templates(),
    queryFn: async ({ signal }) =>
      (await api.get('/workflow-requests/templates', { schema: z.array(startableTemplateSchema), signal }))
        .result,
  });

/**
 * GET /api/workflow-requests/households/:clientId: the household a link's `clientId` names, as a household
 * picker's value (`{ clientId, name }`); nothing is asked for without one.
 */
export const useRequestHousehold = (clientId: string | null) =>
  useQuery({
    queryKey: queryKeys.workflowRequests.household(clientId ?? ''),
    queryFn: async ({ signal }) => {
      const { result } = await api.get(
        `/workflow-requests/households/${encodeURIComponent(clientId ?? '')}`,
        {
          schema: workflowRequestHouseholdSchema,
          signal,
        },
      );
      return { clientId: result.id, name: result.name };
    },
    enabled: clientId !== null,
    staleTime: 60_000,
  });

/** GET /api/workflow-requests/preview: the steps as they would start, and the roles the household lacks. */
export const useRequestPreview = (clientId: string | null, templateId: string | null) =>
  useQuery({
    queryKey: queryKeys.workflowRequests.preview(clientId ?? '', templateId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.get('/workflow-requests/preview', {
          query: { clientId: clientId ?? '', templateId: templateId ?? '' },
          schema: workflowRequestPreviewSchema,
          signal,
        })
      ).result,
    enabled: clientId !== null && templateId !== null,
  });

/**
 * What a request's change touches: the lists, the request, the notes (a system note on each change), the
 * user details (the sidebar badge counts open requests), alerts and notifications.
 */
const useInvalidateRequests = () => {
  const queryClient = useQueryClient();
  return () =>
    invalidateKeys(queryClient, [
      queryKeys.workflowRequests.all,
      queryKeys.notes.all,
      queryKeys.profile.all,
      queryKeys.alerts.all,
    ]);
};

/** POST /api/workflow-requests: start a request. */
export const useStartRequest = () => {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: async (body: WorkflowRequestStartBody) => {
      const { result, message } = await api.post('/workflow-requests', body, {
        schema: workflowRequestSchema,
      });
      return { item: result, message };
    },
    onSuccess: invalidate,
  });
};

export type RequestChange =
  | { kind: 'complete'; id: string; stepId: string; html?: string | null; attachmentIds?: string[] }
  | { kind: 'skip'; id: string; stepId: string }
  | { kind: 'reject'; id: string; reason: string };

/** Complete or skip a step, or reject the request; answers the request after and the server's message. */
export const changeRequest = async (change: RequestChange) => {
  const base = `/workflow-requests/${encodeURIComponent(change.id)}`;
  const [path, body] =
    change.kind === 'reject'
      ? [`${base}/reject`, { reason: change.reason }]
      : change.kind === 'skip'
        ? [`${base}/steps/${encodeURIComponent(change.stepId)}/skip`, undefined]
        : [
            `${base}/steps/${encodeURIComponent(change.stepId)}/complete`,
            { html: change.html ?? null, attachmentIds: change.attachmentIds ?? [] },
          ];
  const { result, message } = await api.post(path, body, { schema: workflowRequestSchema });
  return { item: result, message };
};

export const useChangeRequest = () => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: changeRequest,
    onSuccess: ({ item }) => {
      queryClient.setQueryData(queryKeys.workflowRequests.detail(item.id), item);
      return invalidate();
    },
  });
};
