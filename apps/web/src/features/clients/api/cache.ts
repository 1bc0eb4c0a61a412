import type { ClientDetail, MemberDetail } from '@centric/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';
import { clientKeys } from './query-keys.ts';

/**
 * What each clients write changes in the cache, through the key registry. An answer that is the whole record
 * (a household's detail, a member) is kept with setQueryData; what shows it elsewhere is invalidated.
 */

/** Keeps a household's detail as a write answered it (PATCH, PUT team, PUT other professionals). */
export const keepHouseholdDetail = (queryClient: QueryClient, detail: ClientDetail) =>
  queryClient.setQueryData(clientKeys.detail(detail.clientId), detail);

/**
 * Where a household shows beyond its own page: the list and the drafts, the household pickers and the global
 * search (its name, its members' names, emails and phones), the professionals linked to it (their
 * households), and the pages of the households it introduced or was introduced by.
 */
export const invalidateHouseholdViews = (queryClient: QueryClient, clientId: string) =>
  Promise.all([
    invalidateKeys(queryClient, [
      clientKeys.lists(),
      clientKeys.drafts(),
      queryKeys.lookups.households(),
      queryKeys.globalSearch.all,
      queryKeys.otherProfessionals.all,
    ]),
    queryClient.invalidateQueries({
      queryKey: clientKeys.details(),
      predicate: ({ queryKey }) => queryKey[2] !== clientId,
    }),
  ]);

/**
 * A member was added, saved or deleted: its household's page re-reads it (a step can rename the household or
 * renumber its members), and everywhere the household shows.
 */
export const invalidateMemberViews = (queryClient: QueryClient, clientId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
    invalidateHouseholdViews(queryClient, clientId),
  ]);

/** Keeps a member as a write answered it, in its own query and in its household's detail when cached. */
export const keepMember = (queryClient: QueryClient, member: MemberDetail) => {
  queryClient.setQueryData(clientKeys.member(member.clientId, member.id), member);
  queryClient.setQueryData<ClientDetail>(
    clientKeys.detail(member.clientId),
    (detail) =>
      detail && {
        ...detail,
        members: detail.members.map((m) => (m.id === member.id ? member : m)),
      },
  );
};
