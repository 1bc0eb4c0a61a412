import { type CreateClientBody, createClientResultSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clientKeys } from './query-keys.ts';

/**
 * POST /api/clients {member}: a new household from its primary member's basic step (clients write),
 * 'Household created successfully.'. It is a draft until its primary's last step is saved (decision 13).
 */
export const createClient = (body: CreateClientBody) =>
  api.post('/clients', body, { schema: createClientResultSchema });

/** The new household shows only under Drafts until its wizard is finished. */
export const useCreateClient = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.drafts() }),
  });
};
