import { memberDetailSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clientKeys } from './query-keys.ts';

/** GET /api/clients/:clientId/members/:memberId: one member as the wizard reads it (clients read). */
export const getMember = async (clientId: string, memberId: string, signal?: AbortSignal) =>
  (
    await api.get(`/clients/${encodeURIComponent(clientId)}/members/${encodeURIComponent(memberId)}`, {
      schema: memberDetailSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const memberQueryOptions = (clientId: string, memberId: string) =>
  queryOptions({
    queryKey: clientKeys.member(clientId, memberId),
    queryFn: ({ signal }) => getMember(clientId, memberId, signal),
  });

/** The member, once both ids are known. */
export const useMember = (clientId: string | undefined, memberId: string | undefined) =>
  useQuery({
    ...memberQueryOptions(clientId ?? '', memberId ?? ''),
    enabled: !!clientId && !!memberId,
  });
