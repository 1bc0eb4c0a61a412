import { z } from 'zod';

/**
 * The paging and sorting part of every list query (API.md: page from 1, limit default 10 and at most 100,
 * sortBy one of the list's keys, order ASC or DESC in any case), built once so that every list answers a bad
 * parameter with the same sentence. A list spreads `listQueryShape(...)` beside its own filters.
 */

export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const LIST_DEFAULT_LIMIT = 10;
export const LIST_MAX_LIMIT = 100;

/** ASC or DESC, in any case ('asc' reads as ASC). */
export const sortOrderSchema = z
  .string({ error: 'order must be ASC or DESC.' })
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(SORT_ORDERS, { error: 'order must be ASC or DESC.' }));

export type PagingOptions = {
  /** Default 100. */
  maxLimit?: number;
  /** Default 10. */
  defaultLimit?: number;
  /** One sentence for a limit out of range on either side (default: one per side). */
  limitMessage?: string;
};

/** page (from 1, default 1) and limit (1 to maxLimit, default 10). */
export const pagingShape = ({
  maxLimit = LIST_MAX_LIMIT,
  defaultLimit = LIST_DEFAULT_LIMIT,
  limitMessage,
}: PagingOptions = {}) => ({
  page: z.coerce.number().int().min(1, 'page must be 1 or more.').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, limitMessage ?? 'limit must be 1 or more.')
    .max(maxLimit, limitMessage ?? `limit can be at most ${maxLimit}.`)
    .default(defaultLimit),
});

/** One of the list's sort keys. */
export const sortKeySchema = <const K extends readonly [string, ...string[]]>(keys: K) =>
  z.enum(keys, { error: `sortBy must be one of ${keys.join(', ')}.` });

export type ListQueryOptions<K extends readonly [string, ...string[]]> = PagingOptions & {
  sortKeys: K;
  defaultSort: { sortBy: K[number]; order: SortOrder };
};

/** page, limit, sortBy and order with the list's keys and default sort. */
export const listQueryShape = <const K extends readonly [string, ...string[]]>({
  sortKeys,
  defaultSort,
  ...paging
}: ListQueryOptions<K>) => ({
  ...pagingShape(paging),
  sortBy: sortKeySchema(sortKeys).default(defaultSort.sortBy as never),
  order: sortOrderSchema.default(defaultSort.order),
});
