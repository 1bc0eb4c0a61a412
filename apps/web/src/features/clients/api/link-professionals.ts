import { clientDetailSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { keepHouseholdDetail } from './cache.ts';

/** PUT /api/clients/:clientId/other-professionals: the household's linked professionals, as a whole list. */
export const linkProfessionals = ({
  clientId,
  professionalIds,
}: {
  clientId: string;
  professionalIds: string[];
}) =>
  api.put(
    `/clients/${encodeURIComponent(clientId)}/other-professionals`,
    { professionalIds },
    { schema: clientDetailSchema },
  );

/** Keeps the answer as the household's detail; the professionals list shows each one's households. */
export const useLinkProfessionals = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkProfessionals,
    onSuccess: ({ result }) => {
      keepHouseholdDetail(queryClient, result);
      return queryClient.invalidateQueries({ queryKey: queryKeys.otherProfessionals.all });
    },
  });
};
