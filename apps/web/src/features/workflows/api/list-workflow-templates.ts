import { workflowTemplateSummarySchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type WorkflowTemplatesQuery = {
  page: number;
  limit: number;
  sortBy: 'name' | 'workflowType' | 'updatedAt';
  order: 'ASC' | 'DESC';
  search?: string | undefined;
  workflowTypeId?: number | undefined;
};

/** GET /api/workflow-templates: one page of templates (state, current version, step count) and the total. */
export const listWorkflowTemplates = async (query: WorkflowTemplatesQuery, signal?: AbortSignal) => {
  const response = await api.get('/workflow-templates', {
    query,
    schema: z.array(workflowTemplateSummarySchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const useWorkflowTemplates = (query: WorkflowTemplatesQuery) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.workflowTemplates.list(query),
      queryFn: ({ signal }) => listWorkflowTemplates(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
