import type { UpdateClientBody } from '@centric/contracts';
import { api } from '../../../lib/api-client.ts';
import { useClientsMutation } from './use-clients-mutation.ts';

/** PATCH /api/clients/:clientId: the household's own fields; absent fields stay as they are. */
export const updateClient = ({ clientId, body }: { clientId: string; body: UpdateClientBody }) =>
  api.patch(`/clients/${encodeURIComponent(clientId)}`, body);

export const useUpdateClient = () => useClientsMutation(updateClient);
