import { type CreateClientBody, createClientResultSchema } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/clients {member}: a new household from its primary member's basic step (clients write),
 * 'Household created successfully.'. The caller refreshes the client queries when it is done.
 */
export const createClient = (body: CreateClientBody) =>
  api.post('/clients', body, { schema: createClientResultSchema });

export const useCreateClient = () => useMutation({ mutationFn: createClient });
