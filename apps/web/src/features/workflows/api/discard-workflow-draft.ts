import { workflowTemplateSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/workflow-templates/:id/draft: back to the current version's steps. */
export const discardWorkflowDraft = async (id: string) => {
  const response = await api.delete(`/workflow-templates/${id}/draft`, { schema: workflowTemplateSchema });
  return { item: response.result, message: response.message };
};

export const useDiscardWorkflowDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardWorkflowDraft,
    onSuccess: ({ item }) => queryClient.setQueryData(queryKeys.workflowTemplates.detail(item.id), item),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.workflowTemplates.lists() }),
  });
};
