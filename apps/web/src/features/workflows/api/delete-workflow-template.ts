import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/workflow-templates/:id: the template with all its versions. */
export const deleteWorkflowTemplate = async (id: string) => {
  const response = await api.delete(`/workflow-templates/${id}`, { schema: z.null() });
  return { message: response.message };
};

export const useDeleteWorkflowTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflowTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.workflowTemplates.all }),
  });
};
