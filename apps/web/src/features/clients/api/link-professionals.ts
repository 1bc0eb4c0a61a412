import { api } from '../../../lib/api-client.ts';
import { useClientsMutation } from './use-clients-mutation.ts';

/** PUT /api/clients/:clientId/other-professionals: the household's linked professionals, as a whole list. */
export const linkProfessionals = ({
  clientId,
  professionalIds,
}: {
  clientId: string;
  professionalIds: string[];
}) => api.put(`/clients/${encodeURIComponent(clientId)}/other-professionals`, { professionalIds });

export const useLinkProfessionals = () => useClientsMutation(linkProfessionals);
