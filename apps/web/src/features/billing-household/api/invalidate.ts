import type { QueryClient } from '@tanstack/react-query';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/**
 * After any billing write: every billing query (the unit, its readiness, the Units list and its badge, the
 * accounts' fee settings). `accountsOf` also refreshes a household's managed accounts, whose rows show the
 * pay method and frequency that applying the defaults to the accounts changed.
 */
export const invalidateBilling = (queryClient: QueryClient, accountsOf?: string) =>
  invalidateKeys(queryClient, [
    queryKeys.billing.all,
    ...(accountsOf ? [queryKeys.managedAccounts.household(accountsOf)] : []),
  ]);
