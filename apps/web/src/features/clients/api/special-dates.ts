import type { SpecialDateInput } from '@centric/contracts';
import { api } from '../../../lib/api-client.ts';
import { useEntryMutation } from './use-entry-mutation.ts';

const path = (clientId: string, id?: string) =>
  `/clients/${encodeURIComponent(clientId)}/special-dates${id ? `/${encodeURIComponent(id)}` : ''}`;

/** POST /api/clients/:clientId/special-dates; 409 when the member already has this date type. */
export const addSpecialDate = ({ clientId, body }: { clientId: string; body: SpecialDateInput }) =>
  api.post(path(clientId), body);

/** PUT /api/clients/:clientId/special-dates/:id (same duplicate rule). */
export const updateSpecialDate = ({
  clientId,
  id,
  body,
}: {
  clientId: string;
  id: string;
  body: SpecialDateInput;
}) => api.put(path(clientId, id), body);

/** DELETE /api/clients/:clientId/special-dates/:id. */
export const deleteSpecialDate = ({ clientId, id }: { clientId: string; id: string }) =>
  api.delete(path(clientId, id));

export const useAddSpecialDate = () => useEntryMutation(addSpecialDate);
export const useUpdateSpecialDate = () => useEntryMutation(updateSpecialDate);
export const useDeleteSpecialDate = () => useEntryMutation(deleteSpecialDate);
