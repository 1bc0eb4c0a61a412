import { SEARCH_RESULT_TYPES, type SearchResult } from '@centric/contracts';
import { paths } from '../../../lib/paths.ts';

export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** Group headers of the dropdown, in this order. */
export const RESULT_GROUP_LABELS: Readonly<Record<SearchResultType, string>> = {
  client: 'Clients',
  unit: 'Units',
  account: 'Accounts',
};

/**
 * The page a result opens (spec Top bar): a client its household detail, a unit its billing household,
 * an account its billing account (with its household); null when the ids it needs are missing.
 */
export const resultPath = (result: SearchResult): string | null => {
  switch (result.resultType) {
    case 'client':
      return result.clientId ? paths.clientDetail.href(result.clientId) : null;
    case 'unit':
      return result.clientId ? paths.billingHousehold.href(result.clientId) : null;
    case 'account':
      return result.accountId ? paths.billingAccount.href(result.accountId, result.clientId) : null;
  }
};

export type ResultEntry = { key: string; path: string; result: SearchResult };
export type ResultGroup = { type: SearchResultType; label: string; entries: ResultEntry[] };

/** Results by type, in the order client, unit, account; types without results are left out. */
export const groupResults = (results: readonly SearchResult[]): ResultGroup[] => {
  const entries = results.flatMap((result, index) => {
    const path = resultPath(result);
    return path ? [{ key: `${index}:${result.resultType}`, path, result }] : [];
  });
  return SEARCH_RESULT_TYPES.map((type) => ({
    type,
    label: RESULT_GROUP_LABELS[type],
    entries: entries.filter((e) => e.result.resultType === type),
  })).filter((group) => group.entries.length > 0);
};
