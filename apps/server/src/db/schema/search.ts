import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The words of household, member and nickname names (lower case, 4 letters or more), where the global
 * search finds the candidates of a word typed with typos (trigram index) before measuring their edit
 * distance. Filled by the triggers that keep the households' search documents (migration 0007); a word no
 * longer used stays, and only costs a candidate that finds nobody.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});
