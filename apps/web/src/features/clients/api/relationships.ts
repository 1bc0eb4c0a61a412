import type { RelationshipInput } from '@centric/contracts';
import { api } from '../../../lib/api-client.ts';
import { useEntryMutation } from './use-entry-mutation.ts';

const path = (clientId: string, id?: string) =>
  `/clients/${encodeURIComponent(clientId)}/relationships${id ? `/${encodeURIComponent(id)}` : ''}`;

/** POST /api/clients/:clientId/relationships: "member is {relation} of relative". */
export const addRelationship = ({ clientId, body }: { clientId: string; body: RelationshipInput }) =>
  api.post(path(clientId), body);

/** DELETE /api/clients/:clientId/relationships/:id. */
export const deleteRelationship = ({ clientId, id }: { clientId: string; id: string }) =>
  api.delete(path(clientId, id));

export const useAddRelationship = () => useEntryMutation(addRelationship);
export const useDeleteRelationship = () => useEntryMutation(deleteRelationship);
