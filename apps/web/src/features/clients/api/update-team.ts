import type { UpdateClientTeamBody } from '@centric/contracts';
import { api } from '../../../lib/api-client.ts';
import { useClientsMutation } from './use-clients-mutation.ts';

/** PUT /api/clients/:clientId/team: one user (or nobody) per advisor role. */
export const updateTeam = ({ clientId, body }: { clientId: string; body: UpdateClientTeamBody }) =>
  api.put(`/clients/${encodeURIComponent(clientId)}/team`, body);

export const useUpdateTeam = () => useClientsMutation(updateTeam);
