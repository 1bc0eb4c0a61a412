import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { households, memberEmails, memberPhones, members } from '../../db/schema/index.ts';
import { escapeLike } from '../../platform/sql-like.ts';
import { typoBudget, typoDistance } from './typos.ts';

/**
 * The SQL of the household search. Every condition is on an indexed expression exactly as migrations 0004
 * and 0007 index it (gin trigram on households.search_name, members.search_name, lower(member_emails.email),
 * member_phones.phone, search_words.word), so the planner can use the indexes; scores are computed only for
 * the candidate rows.
 */

/** What a search looks for, already normalised by the service. */
export type SearchTerms = {
  /** The whole text, lower case, single spaces. */
  text: string;
  /** Name words (lower case, each with a letter); empty when names are not searched. */
  tokens: string[];
  /** Lower-case text to find inside emails, or null. */
  emailFragment: string | null;
  /** Digits to find inside phones, or null. */
  phoneDigits: string | null;
};

export type HitKind = 'member' | 'household' | 'email' | 'phone';

export type HitRow = {
  householdId: string;
  householdName: string;
  memberId: string | null;
  kind: HitKind;
  score: number;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  nickName: string | null;
  suffix: string | null;
  email: string | null;
  phone: string | null;
};

/** Tokens shorter than this are looked up by a regular expression (they have no inner trigram). */
const INNER_TRIGRAM_LENGTH = 3;
/**
 * similarity(word, token) from which a word of search_words is a candidate for a token typed with typos.
 * One typo in a word of 5 letters leaves at least 0.2 (2 of its 6 trigrams), two in 9 letters at least
 * 0.11: below that no word within the typo budget is missed.
 */
export const TYPO_SIMILARITY_THRESHOLD = 0.1;
/** At most this many candidate words per token reach the edit distance. */
const TYPO_WORD_CANDIDATES = 200;

/** A word of the names within a token's typo budget, and how many typos apart. */
export type TypoWord = { word: string; distance: number };
/** A token of the search and the words it may be a typo of (empty: it must be typed right). */
export type TypoTerm = { token: string; words: TypoWord[] };

const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|-]/g, (c) => `\\${c}`);

/**
 * The name with its word separators as spaces (commas of "Last, First", hyphens of double names, the other
 * punctuation search_words_of splits on, migration 0007).
 */
const WORD_SEPARATORS = ',-.;:!?/()&+"@_*#=';
const spaced = (column: SQL) =>
  sql`(' ' || translate(${column}, ${WORD_SEPARATORS}, ${' '.repeat(WORD_SEPARATORS.length)}) || ' ')`;

/**
 * The token starts the name or one of its words ("smith, john": 'smi' and 'jo'; "ann smith-jones": 'jo').
 * A token of 3+ characters is looked up in the index by its inner trigrams only (`like '%smith%'`: the
 * padded word-start trigrams such as '  s' have huge posting lists), and the word start is checked on those
 * rows with an expression the index cannot serve. A shorter token has no inner trigram: a regular
 * expression anchored at a word start lets the index use its padded trigram in one scan.
 */
const wordPrefix = (column: SQL, token: string) => {
  if (token.length >= INNER_TRIGRAM_LENGTH) {
    const escaped = escapeLike(token);
    return sql`(${column} like ${`%${escaped}%`} and ${spaced(column)} like ${`% ${escaped}%`})`;
  }
  return sql`${column} ~ ${`(^|[ ,-])${escapeRegex(token)}`}`;
};

/** 1 when the token is a whole word of the name, 0.8 when it only starts one. */
const wordScore = (column: SQL, token: string) =>
  sql`(case when ${spaced(column)} like ${`% ${escapeLike(token)} %`} then 1.0 else 0.8 end)`;

/** The name is exactly the text (commas aside): ranks above every other name match. */
const exactBonus = (column: SQL, text: string) =>
  sql`(case when replace(${column}, ',', '') = ${text.replace(/,/g, '')} then 0.2 else 0 end)`;

const average = (parts: SQL[]) => sql`((${sql.join(parts, sql` + `)}) / ${sql.raw(`${parts.length}.0`)})`;
const allOf = (parts: SQL[]) => sql.join(parts, sql` and `);
const anyOf = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;

/**
 * The word is a whole word of the name: found through the index by its trigrams (`like '%word%'`), checked
 * as a word on those rows.
 */
const wholeWord = (column: SQL, word: string) => {
  const escaped = escapeLike(word);
  return sql`(${column} like ${`%${escaped}%`} and ${spaced(column)} like ${`% ${escaped} %`})`;
};

/** The words a search may match with typos: none given means the prefix pass only. */
type NameMode = { kind: 'prefix' } | { kind: 'typos'; terms: TypoTerm[] };

/**
 * Conditions and score of the name match on one search_name column.
 * - prefix: every token starts a word of the name; score 0.8–1.0, plus 0.2 for the exact name.
 * - typos: every token starts a word of the name or is, within its typo budget, one of its words; score
 *   0.6 × the mean of 1.0 (whole word), 0.9 (word start), 0.8 (one typo), 0.6 (two typos), so typo matches
 *   rank below every prefix match.
 */
const nameMatch = (column: SQL, terms: SearchTerms, mode: NameMode) => {
  if (mode.kind === 'prefix') {
    return {
      where: allOf(terms.tokens.map((t) => wordPrefix(column, t))),
      score: sql`(${average(terms.tokens.map((t) => wordScore(column, t)))} + ${exactBonus(column, terms.text)})`,
    };
  }
  const words = (t: TypoTerm) => [...t.words].sort((a, b) => a.distance - b.distance);
  return {
    where: allOf(
      mode.terms.map((t) =>
        t.words.length === 0
          ? wordPrefix(column, t.token)
          : anyOf([wordPrefix(column, t.token), ...t.words.map((w) => wholeWord(column, w.word))]),
      ),
    ),
    score: sql`(0.6 * ${average(
      mode.terms.map(
        (t) => sql`(case
          when ${spaced(column)} like ${`% ${escapeLike(t.token)} %`} then 1.0
          when ${spaced(column)} like ${`% ${escapeLike(t.token)}%`} then 0.9
          ${sql.join(
            words(t).map(
              (w) =>
                sql`when ${spaced(column)} like ${`% ${escapeLike(w.word)} %`} then ${sql.raw(w.distance === 1 ? '0.8' : '0.6')}`,
            ),
            sql` `,
          )}
          else 0 end)`,
      ),
    )})`,
  };
};

/**
 * Each branch finds its candidates in a MATERIALIZED common table expression: the planner then plans the
 * index scan for all matches (it would otherwise pick a sequential scan that "stops early" because of the
 * LIMIT, and read the whole table when the match is rare), while execution still stops after the first
 * `candidates` rows. Scores are computed for those rows only.
 */
type Branch = { cte: SQL; hits: SQL };

const memberNameColumns = sql`first_name, middle_name, last_name, nick_name, suffix`;
const noMemberColumns = sql`null::varchar as first_name, null::varchar as middle_name, null::varchar as last_name, null::varchar as nick_name, null::varchar as suffix`;
const prefixed = (alias: string) =>
  sql.raw(
    `${alias}.first_name, ${alias}.middle_name, ${alias}.last_name, ${alias}.nick_name, ${alias}.suffix`,
  );

/** Member rows whose names (first, middle, last, nickname) match. */
const memberNameBranch = (terms: SearchTerms, mode: NameMode, candidates: number): Branch => {
  const name = nameMatch(sql`search_name`, terms, mode);
  return {
    cte: sql`member_names as materialized (
      select id, household_id, display_sequence, search_name, ${memberNameColumns}
      from ${members} where ${name.where})`,
    hits: sql`select household_id, id as member_id, display_sequence as seq, 'member' as kind,
        ${name.score} as score, ${memberNameColumns}, null::varchar as email, null::varchar as phone
      from (select * from member_names limit ${candidates}) c`,
  };
};

/** Households whose own names match. */
const householdNameBranch = (terms: SearchTerms, mode: NameMode, candidates: number): Branch => {
  const name = nameMatch(sql`search_name`, terms, mode);
  return {
    cte: sql`household_names as materialized (
      select id, search_name from ${households} where ${name.where})`,
    hits: sql`select id as household_id, null::uuid as member_id, -1 as seq, 'household' as kind,
        ${name.score} as score, ${noMemberColumns}, null::varchar as email, null::varchar as phone
      from (select * from household_names limit ${candidates}) c`,
  };
};

/**
 * Emails containing the fragment: 1.2 for the whole email; otherwise above the name matches when the text
 * has a character only emails have ('maria.garc', 'jsmith@'), below them when it is a plain word ('rich').
 */
const emailBranch = (fragment: string, candidates: number): Branch => {
  const [prefix, inside] = /[@._+]/.test(fragment) ? ['1.1', '1.05'] : ['0.78', '0.7'];
  const score = sql`(case when lower(c.email) = ${fragment} then 1.2 when lower(c.email) like ${`${escapeLike(fragment)}%`} then ${sql.raw(prefix)} else ${sql.raw(inside)} end)`;
  return {
    cte: sql`emails as materialized (
      select member_id, email from ${memberEmails}
      where lower(${memberEmails.email}) like ${`%${escapeLike(fragment)}%`})`,
    hits: sql`select m.household_id, m.id as member_id, m.display_sequence as seq, 'email' as kind,
        ${score} as score, ${prefixed('m')}, c.email, null::varchar as phone
      from (select * from emails limit ${candidates}) c join ${members} m on m.id = c.member_id`,
  };
};

/** Phones (+1XXXXXXXXXX) containing the digits: 1.2 for the whole number, 0.9 for a part. */
const phoneBranch = (digits: string, candidates: number): Branch => {
  const whole = digits.length === 10 ? `+1${digits}` : digits.length === 11 ? `+${digits}` : null;
  const score = whole ? sql`(case when c.phone = ${whole} then 1.2 else 0.9 end)` : sql`0.9`;
  return {
    cte: sql`phones as materialized (
      select member_id, phone from ${memberPhones} where ${memberPhones.phone} like ${`%${digits}%`})`,
    hits: sql`select m.household_id, m.id as member_id, m.display_sequence as seq, 'phone' as kind,
        ${score} as score, ${prefixed('m')}, null::varchar as email, c.phone
      from (select * from phones limit ${candidates}) c join ${members} m on m.id = c.member_id`,
  };
};

type RawHit = {
  household_id: string;
  household_name: string;
  member_id: string | null;
  kind: HitKind;
  score: number | string;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  nick_name: string | null;
  suffix: string | null;
  email: string | null;
  phone: string | null;
};

/** The best hit of each household, best first: one statement over the given branches. */
const bestPerHousehold = async (db: Db, branches: Branch[], limit: number): Promise<HitRow[]> => {
  if (branches.length === 0) return [];
  const result = await db.execute(sql`
    with ${sql.join(
      branches.map((b) => b.cte),
      sql`, `,
    )},
    hits as (${sql.join(
      branches.map((b) => sql`(${b.hits})`),
      sql` union all `,
    )}),
    best as (
      select distinct on (household_id) * from hits
      order by household_id, score desc, (kind = 'household'), seq
    )
    select best.*, ${households.name} as household_name
    from best join ${households} on ${households.id} = best.household_id
    where not ${households.draft}
    order by best.score desc, ${households.name}, ${households.id}
    limit ${limit}`);
  return (result as unknown as { rows: RawHit[] }).rows.map((r) => ({
    householdId: r.household_id,
    householdName: r.household_name,
    memberId: r.member_id,
    kind: r.kind,
    score: Number(r.score),
    firstName: r.first_name,
    middleName: r.middle_name,
    lastName: r.last_name,
    nickName: r.nick_name,
    suffix: r.suffix,
    email: r.email,
    phone: r.phone,
  }));
};

/**
 * The words of search_words each token (of 5 letters or more) may be a typo of: candidates from the trigram
 * index (similarity from TYPO_SIMILARITY_THRESHOLD), kept within twice the budget in Levenshtein edits
 * (fuzzystrmatch: a swap costs 2 there), then counted exactly with swaps as one typo (typoDistance).
 * Words typed right are left out: the prefix pass finds those.
 */
const findTypoTerms = async (db: Db, tokens: readonly string[]): Promise<TypoTerm[]> => {
  const budgets = tokens.map((token) => ({ token, budget: typoBudget(token) }));
  const typoable = budgets.filter((b) => b.budget > 0);
  if (typoable.length === 0) return tokens.map((token) => ({ token, words: [] }));
  const result = await db.execute(
    sql`${sql.join(
      typoable.map(
        ({ token, budget }) => sql`(select ${token}::text as token, word from search_words
        where word % ${token} and levenshtein_less_equal(word, ${token}, ${2 * budget}) <= ${2 * budget}
        limit ${TYPO_WORD_CANDIDATES})`,
      ),
      sql` union all `,
    )}`,
  );
  const rows = (result as unknown as { rows: { token: string; word: string }[] }).rows;
  return budgets.map(({ token, budget }) => ({
    token,
    words: rows
      .filter((r) => r.token === token)
      .map((r) => ({ word: r.word, distance: typoDistance(token, r.word, budget) }))
      .filter((w) => w.distance >= 1 && w.distance <= budget),
  }));
};

/**
 * The search in one transaction:
 * 1. exact and word-prefix matches of member and household names, emails and phones containing the text;
 * 2. when that found fewer than the limit, names matching with typos (typoBudget: one in a word of 5 letters,
 *    two from 9; candidates from search_words, edit distance), ranked below step 1: members first, then
 *    household names if still short.
 * Sequential scans are disabled for the transaction: the trigram estimates are rough, and a sequential scan
 * of 300,000 members is never the fast way to a handful of matches.
 */
export const findHouseholdHits = (
  db: Db,
  terms: SearchTerms,
  options: { limit: number; candidates: number; fuzzyCandidates: number },
) =>
  db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('pg_trgm.similarity_threshold', ${String(TYPO_SIMILARITY_THRESHOLD)}, true)`,
    );
    const hasNames = terms.tokens.length > 0;
    const prefix: NameMode = { kind: 'prefix' };
    const hits = await bestPerHousehold(
      tx,
      [
        ...(hasNames ? [memberNameBranch(terms, prefix, options.candidates)] : []),
        ...(hasNames ? [householdNameBranch(terms, prefix, options.candidates)] : []),
        ...(terms.emailFragment ? [emailBranch(terms.emailFragment, options.candidates)] : []),
        ...(terms.phoneDigits ? [phoneBranch(terms.phoneDigits, options.candidates)] : []),
      ],
      options.limit,
    );
    if (hits.length >= options.limit || !terms.tokens.some((t) => typoBudget(t) > 0)) return hits;
    const typoTerms = await findTypoTerms(tx, terms.tokens);
    if (typoTerms.every((t) => t.words.length === 0)) return hits;
    const typos: NameMode = { kind: 'typos', terms: typoTerms };
    // Members first; household names (mostly "Last, First" of the primary member) only if still short.
    let all = hits;
    for (const branch of [memberNameBranch, householdNameBranch]) {
      if (all.length >= options.limit) break;
      const found = new Set(all.map((h) => h.householdId));
      const more = await bestPerHousehold(
        tx,
        [branch(terms, typos, options.fuzzyCandidates)],
        options.limit + all.length,
      );
      all = [...all, ...more.filter((m) => !found.has(m.householdId))].slice(0, options.limit);
    }
    return all;
  });
