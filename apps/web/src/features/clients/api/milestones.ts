import type { MilestoneInput } from '@centric/contracts';
import { api } from '../../../lib/api-client.ts';
import { useEntryMutation } from './use-entry-mutation.ts';

const path = (clientId: string, id?: string) =>
  `/clients/${encodeURIComponent(clientId)}/milestones${id ? `/${encodeURIComponent(id)}` : ''}`;

/** POST /api/clients/:clientId/milestones: a family/milestone entry of a member. */
export const addMilestone = ({ clientId, body }: { clientId: string; body: MilestoneInput }) =>
  api.post(path(clientId), body);

/** PUT /api/clients/:clientId/milestones/:id. */
export const updateMilestone = ({
  clientId,
  id,
  body,
}: {
  clientId: string;
  id: string;
  body: MilestoneInput;
}) => api.put(path(clientId, id), body);

/** DELETE /api/clients/:clientId/milestones/:id. */
export const deleteMilestone = ({ clientId, id }: { clientId: string; id: string }) =>
  api.delete(path(clientId, id));

export const useAddMilestone = () => useEntryMutation(addMilestone);
export const useUpdateMilestone = () => useEntryMutation(updateMilestone);
export const useDeleteMilestone = () => useEntryMutation(deleteMilestone);
