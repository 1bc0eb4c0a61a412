import type { QueryClient } from '@tanstack/react-query';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

const keys = queryKeys.managedAccounts;

/** An account added, changed or deleted: everything the household's tab shows (names show in every part). */
export const invalidateHousehold = (queryClient: QueryClient, clientId: string) =>
  invalidateKeys(queryClient, [keys.household(clientId)]);

/** Holdings saved or deleted: the account's holdings, the valuations and the value series. */
export const invalidateHoldings = (queryClient: QueryClient, clientId: string, accountId: string) =>
  invalidateKeys(queryClient, [
    keys.holdings(clientId, accountId),
    keys.valuations(clientId),
    keys.values(clientId),
  ]);

/** A transaction added or deleted: the household's transaction lists (its accounts' included). */
export const invalidateTransactions = (queryClient: QueryClient, clientId: string) =>
  invalidateKeys(queryClient, [keys.transactions(clientId)]);

/**
 * An assignment saved or removed: the household's tab (assignments, drift, and the accounts, whose review the
 * checks may reopen) and the alerts (a drift alert is raised or resolved with it).
 */
export const invalidateStrategy = (queryClient: QueryClient, clientId: string) =>
  invalidateKeys(queryClient, [keys.household(clientId), queryKeys.alerts.all]);

/**
 * A review action: the household's tab (the accounts' review) and the notes, where "review done" and "snooze"
 * post a system note on the household (its panel, the dashboard's list and its notes tile).
 */
export const invalidateReview = (queryClient: QueryClient, clientId: string) =>
  invalidateKeys(queryClient, [keys.household(clientId), queryKeys.notes.lists(), queryKeys.dashboard.all]);
