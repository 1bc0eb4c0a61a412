import { type UpdateClientBody, clientDetailSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateHouseholdViews, keepHouseholdDetail } from './cache.ts';

/** PATCH /api/clients/:clientId: the household's own fields; absent fields stay as they are. Answers the detail. */
export const updateClient = ({ clientId, body }: { clientId: string; body: UpdateClientBody }) =>
  api.patch(`/clients/${encodeURIComponent(clientId)}`, body, { schema: clientDetailSchema });

/** Keeps the answer as the household's detail; its name and status show in lists, searches and other pages. */
export const useUpdateClient = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: ({ result }) => {
      keepHouseholdDetail(queryClient, result);
      return invalidateHouseholdViews(queryClient, result.clientId);
    },
  });
};
