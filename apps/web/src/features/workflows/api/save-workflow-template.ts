import { type WorkflowTemplateBody, workflowTemplateSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type SaveWorkflowTemplateVariables = {
  /** Absent: a new template. */
  id?: string | undefined;
  body: WorkflowTemplateBody;
};

/**
 * POST /api/workflow-templates (new, a draft) or PATCH /api/workflow-templates/:id (into the draft). The
 * steps go in their order, which the server stores as their positions.
 */
export const saveWorkflowTemplate = async ({ id, body }: SaveWorkflowTemplateVariables) => {
  const response = id
    ? await api.patch(`/workflow-templates/${id}`, body, { schema: workflowTemplateSchema })
    : await api.post('/workflow-templates', body, { schema: workflowTemplateSchema });
  return { item: response.result, message: response.message };
};

export const useSaveWorkflowTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkflowTemplate,
    onSuccess: ({ item }) => queryClient.setQueryData(queryKeys.workflowTemplates.detail(item.id), item),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.workflowTemplates.lists() }),
  });
};
