import { type Assignment, type AssignmentBody, assignmentSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateStrategy } from './invalidate.ts';

/** POST /api/clients/:clientId/strategy-assignments (id null) or PUT …/:id with the whole form. */
export type SaveAssignmentInput = { id: string | null; body: AssignmentBody };

export const saveAssignment = async (
  clientId: string,
  { id, body }: SaveAssignmentInput,
): Promise<{ assignment: Assignment; message: string }> => {
  const path = `/clients/${clientId}/strategy-assignments`;
  const { result, message } =
    id === null
      ? await api.post(path, body, { schema: assignmentSchema })
      : await api.put(`${path}/${id}`, body, { schema: assignmentSchema });
  return { assignment: result, message };
};

/** DELETE /api/clients/:clientId/strategy-assignments/:id: its accounts follow no strategy (or the all-accounts one). */
export const deleteAssignment = async (clientId: string, id: string) => ({
  message: (await api.delete(`/clients/${clientId}/strategy-assignments/${id}`)).message,
});

export const useSaveAssignment = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAssignmentInput) => saveAssignment(clientId, input),
    onSuccess: () => invalidateStrategy(queryClient, clientId),
  });
};

export const useDeleteAssignment = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAssignment(clientId, id),
    onSuccess: () => invalidateStrategy(queryClient, clientId),
  });
};
