import type { QueryClient } from '@tanstack/react-query';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/**
 * After a write to a master-data list: every query of that list (its pages, sub-lists and options) and the
 * dropdowns of the forms (they read the lists whole, sub-items inside their parents). A renamed value also
 * shows on the households and professionals that use it (a member's gender, an address's state).
 */
export const invalidateMasterData = (queryClient: QueryClient, type: string, { renamed = false } = {}) =>
  invalidateKeys(queryClient, [
    queryKeys.masterData.type(type),
    queryKeys.lookups.masterOptionLists(),
    ...(renamed ? [queryKeys.clients.all, queryKeys.otherProfessionals.all] : []),
  ]);
