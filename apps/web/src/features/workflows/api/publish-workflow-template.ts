import { workflowTemplateSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/workflow-templates/:id/publish: the draft becomes the next version. */
export const publishWorkflowTemplate = async (id: string) => {
  const response = await api.post(`/workflow-templates/${id}/publish`, undefined, {
    schema: workflowTemplateSchema,
  });
  return { item: response.result, message: response.message };
};

export const usePublishWorkflowTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishWorkflowTemplate,
    onSuccess: ({ item }) => queryClient.setQueryData(queryKeys.workflowTemplates.detail(item.id), item),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.workflowTemplates.lists() }),
  });
};
