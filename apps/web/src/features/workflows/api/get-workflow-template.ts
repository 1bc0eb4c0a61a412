import { workflowTemplateSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/workflow-templates/:id: the template with its draft and current version, steps in order. */
export const getWorkflowTemplate = async (id: string, signal?: AbortSignal) =>
  (
    await api.get(`/workflow-templates/${id}`, {
      schema: workflowTemplateSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useWorkflowTemplate = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.workflowTemplates.detail(id ?? ''),
    queryFn: ({ signal }) => getWorkflowTemplate(id ?? '', signal),
    enabled: id !== null,
  });
