import { clientDraftSchema } from '@centric/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { clientKeys } from './query-keys.ts';

/** GET /api/clients/drafts: households whose member wizard was not finished, newest first. */
export const listClientDrafts = async (signal?: AbortSignal) =>
  (await api.get('/clients/drafts', { schema: z.array(clientDraftSchema), ...(signal ? { signal } : {}) }))
    .result;

export const clientDraftsQueryOptions = () =>
  queryOptions({ queryKey: clientKeys.drafts(), queryFn: ({ signal }) => listClientDrafts(signal) });

export const useClientDrafts = () => useQuery(clientDraftsQueryOptions());

/** DELETE /api/clients/drafts/:clientId (clients delete): the draft and its members. */
export const deleteClientDraft = (clientId: string) =>
  api.delete(`/clients/drafts/${encodeURIComponent(clientId)}`);

/** A draft shows only under Drafts: it leaves them, and its cached page and members are dropped. */
export const useDeleteClientDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClientDraft,
    onSuccess: (_answer, clientId) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(clientId) });
      queryClient.removeQueries({ queryKey: clientKeys.members(clientId) });
      return queryClient.invalidateQueries({ queryKey: clientKeys.drafts() });
    },
  });
};
