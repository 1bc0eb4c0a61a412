import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { households, memberEmails, memberPhones, members } from '../../db/schema/index.ts';
import { escapeLike } from '../../platform/sql-like.ts';

/**
 * The SQL of the household search. Every condition is on an indexed expression exactly as migration 0004
 * indexes it (gin trigram on households.search_name, members.search_name, lower(member_emails.email),
 * member_phones.phone), so the planner can use the indexes; scores are computed only for the candidate rows.
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

/** Tokens shorter than this are matched as word prefixes only (trigrams need about three characters). */
export const FUZZY_MIN_TOKEN_LENGTH = 3;
/** word_similarity(token, name) from which a token counts as found with typos ('smiht' ~ 'smith' is 0.5). */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

/** `%`, `_` and `\` typed by the user are literal characters in a LIKE pattern. */
const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|-]/g, (c) => `\\${c}`);

/** The name with its word separators (commas of "Last, First", hyphens of double names) as spaces. */
const spaced = (column: SQL) => sql`(' ' || translate(${column}, ',-', '  ') || ' ')`;

/**
 * The token starts the name or one of its words ("smith, john": 'smi' and 'jo'; "ann smith-jones": 'jo').
 * A token of 3+ characters is looked up in the index by its inner trigrams only (`like '%smith%'`: the
 * padded word-start trigrams such as '  s' have huge posting lists), and the word start is checked on those
 * rows with an expression the index cannot serve. A shorter token has no inner trigram: a regular
 * expression anchored at a word start lets the index use its padded trigram in one scan.
 */
const wordPrefix = (column: SQL, token: string) => {
  if (token.length >= FUZZY_MIN_TOKEN_LENGTH) {
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

const isFuzzy = (token: string) => token.length >= FUZZY_MIN_TOKEN_LENGTH;

/**
 * Conditions and score of the name match on one search_name column.
 * - prefix: every token starts a word of the name; score 0.8–1.0, plus 0.2 for the exact name.
 * - fuzzy: every long token is in the name with typos (`<%`, the gin index serves it as `%>`), short tokens
 *   start a word; score 0.8 × the mean strict word similarity (whole words: 'kathrine' ranks 'katherine'
 *   above 'kathryn'), so typo matches rank below prefix matches.
 */
const nameMatch = (column: SQL, terms: SearchTerms, mode: 'prefix' | 'fuzzy') => {
  if (mode === 'prefix') {
    return {
      where: allOf(terms.tokens.map((t) => wordPrefix(column, t))),
      score: sql`(${average(terms.tokens.map((t) => wordScore(column, t)))} + ${exactBonus(column, terms.text)})`,
    };
  }
  return {
    where: allOf(terms.tokens.map((t) => (isFuzzy(t) ? sql`${t} <% ${column}` : wordPrefix(column, t)))),
    score: sql`(0.8 * ${average(terms.tokens.map((t) => (isFuzzy(t) ? sql`strict_word_similarity(${t}, ${column})` : sql`1.0`)))})`,
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
const memberNameBranch = (terms: SearchTerms, mode: 'prefix' | 'fuzzy', candidates: number): Branch => {
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
const householdNameBranch = (terms: SearchTerms, mode: 'prefix' | 'fuzzy', candidates: number): Branch => {
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
 * The search in one transaction:
 * 1. exact and word-prefix matches of member and household names, emails and phones containing the text;
 * 2. when no name matched that way (a typo), names matching with typos (pg_trgm word similarity from
 *    WORD_SIMILARITY_THRESHOLD), ranked below step 1: members first, then household names if still short.
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
      sql`select set_config('enable_seqscan', 'off', true), set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
    );
    const hasNames = terms.tokens.length > 0;
    let hits = await bestPerHousehold(
      tx,
      [
        ...(hasNames ? [memberNameBranch(terms, 'prefix', options.candidates)] : []),
        ...(hasNames ? [householdNameBranch(terms, 'prefix', options.candidates)] : []),
        ...(terms.emailFragment ? [emailBranch(terms.emailFragment, options.candidates)] : []),
        ...(terms.phoneDigits ? [phoneBranch(terms.phoneDigits, options.candidates)] : []),
      ],
      options.limit,
    );
    const typoPossible =
      terms.tokens.some(isFuzzy) && !hits.some((h) => h.kind === 'member' || h.kind === 'household');
    for (const branch of typoPossible ? [memberNameBranch, householdNameBranch] : []) {
      if (hits.length >= options.limit) break;
      const found = new Set(hits.map((h) => h.householdId));
      const more = await bestPerHousehold(
        tx,
        [branch(terms, 'fuzzy', options.fuzzyCandidates)],
        options.limit + hits.length,
      );
      hits = [...hits, ...more.filter((m) => !found.has(m.householdId))].slice(0, options.limit);
    }
    return hits;
  });
