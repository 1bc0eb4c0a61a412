import { formatPhone, GLOBAL_SEARCH_MAX_RESULTS, isAllowed, type SearchResult } from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import { loadPermissions } from '../../platform/permissions.ts';
import { phoneDigitsOf } from '../../platform/phone-text.ts';
import { findHouseholdHits, type HitKind, type HitRow, type SearchTerms } from './search.repository.ts';

/** A household found by a search, with what matched. */
export type HouseholdSearchHit = {
  clientId: string;
  /** The household's name. */
  name: string;
  /** The member whose name, email or phone matched; null when the household's own name matched. */
  memberId: string | null;
  matched: HitKind;
  /** What matched, for display: the member's full name, the email, or the formatted phone. */
  subtitle: string | null;
  /**
   * Relevance, higher first: 1.2 exact (name, email, phone), 0.8–1.0 word starts, 0.7–1.1 parts of emails
   * and phones; names found with typos score 0.6 at most and come after all of those.
   */
  score: number;
};

/** At most this many words of a search are used (each adds a condition). */
const MAX_TOKENS = 6;
/**
 * How many rows each branch of the search may bring before the best one per household is chosen: prefix,
 * email and phone matches are alike (200), typo matches are ranked by their number of typos, so more of
 * them (500).
 */
const CANDIDATES_PER_BRANCH = 200;
const FUZZY_CANDIDATES_PER_BRANCH = 500;
const MAX_LIMIT = 100;

/**
 * What to look for in a text: name words (from 1 character, split on anything but letters, digits and
 * apostrophes; none when the text has an '@'), an email fragment (3 characters or more, no spaces), and phone
 * digits (3 to 11 digits, when the text looks like a phone number in any format). Null when there is nothing
 * to look for.
 */
export const searchTermsOf = (input: string): SearchTerms | null => {
  const text = input.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
  if (text.length === 0) return null;
  // Names have letters and no '@' (a text with '@' is an email).
  const tokens =
    /\p{L}/u.test(text) && !text.includes('@')
      ? [...new Set(text.split(/[^\p{L}\p{N}'’]+/u).filter((t) => /\p{L}/u.test(t)))].slice(0, MAX_TOKENS)
      : [];
  const emailFragment = text.length >= 3 && !text.includes(' ') ? text : null;
  const phoneDigits = phoneDigitsOf(text);
  if (tokens.length === 0 && !emailFragment && !phoneDigits) return null;
  return { text, tokens, emailFragment, phoneDigits };
};

const memberName = (row: HitRow) => {
  const name = [row.firstName, row.middleName, row.lastName, row.suffix].filter((p) => p).join(' ');
  return row.nickName ? `${name} (${row.nickName})` : name;
};

const subtitleOf = (row: HitRow): string | null => {
  switch (row.kind) {
    case 'household':
      return null;
    case 'email':
      return row.email;
    case 'phone':
      return row.phone === null ? null : formatPhone(row.phone);
    case 'member':
      return memberName(row);
  }
};

const toHit = (row: HitRow): HouseholdSearchHit => ({
  clientId: row.householdId,
  name: row.householdName,
  memberId: row.kind === 'household' ? null : row.memberId,
  matched: row.kind,
  subtitle: subtitleOf(row),
  score: row.score,
});

/**
 * Households matching a text, one row per household (its best match), most relevant first: member names
 * and nicknames and household names by word prefix and then with typos (one in a word of 5 letters or
 * more, two from 9: typos.ts), emails containing the text, phones containing its digits. For the global
 * search and for any household picker.
 */
export const searchHouseholds = async (
  db: Db,
  text: string,
  options: { limit?: number } = {},
): Promise<HouseholdSearchHit[]> => {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? GLOBAL_SEARCH_MAX_RESULTS), 1), MAX_LIMIT);
  const terms = searchTermsOf(text);
  if (!terms) return [];
  const hits = await findHouseholdHits(db, terms, {
    limit,
    candidates: Math.max(CANDIDATES_PER_BRANCH, limit * 4),
    fuzzyCandidates: Math.max(FUZZY_CANDIDATES_PER_BRANCH, limit * 10),
  });
  return hits.map(toHit);
};

export const createSearchService = (deps: { db: Db }) => {
  const { db } = deps;
  return {
    /**
     * The top bar search for a user of this role: households when the role may read clients. Units and
     * accounts join the results when billing brings them.
     */
    async globalSearch(searchText: string, roleId: number): Promise<SearchResult[]> {
      const permissions = await loadPermissions(db, roleId);
      if (!isAllowed(permissions, 'clients', 'read')) return [];
      const hits = await searchHouseholds(db, searchText, { limit: GLOBAL_SEARCH_MAX_RESULTS });
      return hits.map((hit) => ({
        resultType: 'client' as const,
        clientId: hit.clientId,
        accountId: null,
        title: hit.name,
        subtitle: hit.subtitle,
        memberId: hit.memberId,
      }));
    },
  };
};

export type SearchService = ReturnType<typeof createSearchService>;
