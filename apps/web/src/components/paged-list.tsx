import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDebouncedSearch } from '../lib/use-debounced-search.ts';
import { type ListPatch, pagingQueryOf } from '../lib/use-url-list-state.ts';
import { ListAddButton, ResetFiltersButton } from './list-actions.tsx';
import { ListFooter } from './list-footer.tsx';
import { ListPanel } from './list-panel.tsx';
import type { StateQuery } from './query-state.tsx';
import { SearchBox } from './search-box.tsx';
import { type SortState, sortAfterClick } from './sortable-th.tsx';

/** What a paged list keeps in its URL (useUrlListState): the page and its size, the sort and the search. */
export type PagedListState<K extends string> = SortState<K> & { page: number; limit: number; search: string };

type PagedListUpdate<S> = (patch: ListPatch<string> | ((current: S) => ListPatch<string>)) => void;

/** The list request: page, size and sort, and the search and each filter only when set. */
export type PagedListQuery<S extends PagedListState<string>, F extends keyof S> = SortState<S['sortBy']> & {
  page: number;
  limit: number;
  search: string | undefined;
} & { [P in F]: Exclude<S[P], ''> | undefined };

/**
 * The state every paged list with a search box, filters and sortable headers shares, its URL state given
 * (useUrlListState): the search box's text (debounced into the URL, back to page 1), whether the search or
 * one of `filters` narrows the list, resetting both, a header click (the next sort from the URL as the last
 * change left it), and the request for the list's page.
 */
export const usePagedList = <
  S extends PagedListState<string> & Record<F, string>,
  F extends Exclude<keyof S, keyof PagedListState<string>> & string = never,
>(
  state: S,
  update: PagedListUpdate<S>,
  filters: readonly F[] = [],
) => {
  const [search, setSearch] = useDebouncedSearch(state.search, (text) =>
    update({ search: text, pageNo: '1' }),
  );
  const filtered = state.search !== '' || filters.some((key) => state[key] !== '');

  const handleReset = () => {
    setSearch('');
    update({ search: '', ...Object.fromEntries(filters.map((key) => [key, ''])), pageNo: '1' });
  };

  const handleSort = (column: S['sortBy']) =>
    update((current) => ({ ...sortAfterClick(current, column), pageNo: '1' }));

  const query = {
    ...pagingQueryOf(state),
    search: state.search || undefined,
    ...Object.fromEntries(filters.map((key) => [key, state[key] || undefined])),
  } as PagedListQuery<S, F>;

  return {
    state,
    update,
    search,
    setSearch,
    filtered,
    handleReset,
    sort: { sortBy: state.sortBy, order: state.order } as SortState<S['sortBy']>,
    handleSort,
    query,
  };
};

type PagedListProps<T> = {
  /** usePagedList's answer. */
  list: {
    state: PagedListState<string>;
    update: (patch: ListPatch<string>) => void;
    search: string;
    setSearch: (text: string) => void;
    filtered: boolean;
    handleReset: () => void;
  };
  query: StateQuery<{ items: readonly T[]; total: number }>;
  /** The search box: its accessible name ('Search fee schedules') and placeholder. */
  searchBox: { label: string; placeholder: string };
  /** The filter fields beside the search box. */
  filters?: ReactNode;
  /** What the count beside the add button counts: ['schedule', 'schedules']. */
  noun: readonly [one: string, many: string];
  /** The add button (top right, and in the empty state), when the user may add. */
  add?: { label: string; onClick: () => void } | undefined;
  /** 'Loading fee schedules...' */
  loadingLabel: string;
  /** The empty state when nothing narrows the list ('No fee schedules yet'). */
  empty: { icon: ReactNode; title: string; description: string };
  /** The empty state's words while the search or a filter narrows the list. */
  noMatch: { title: string; description: string };
  /** The table of the page's rows. */
  children: (items: readonly T[]) => ReactNode;
  /** Instead of the pages below (a board that shows one window of the list): a line saying what is shown. */
  unpaged?: string | undefined;
};

/**
 * A paged list's screen body: search box, filters, Reset filters, the count and the add button above; the
 * table in its panel (loading, error, empty state); rows per page and the pages below.
 */
export const PagedList = <T,>({
  list,
  query,
  searchBox,
  filters,
  noun,
  add,
  loadingLabel,
  empty,
  noMatch,
  children,
  unpaged,
}: PagedListProps<T>) => {
  const total = query.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <SearchBox
            label={searchBox.label}
            placeholder={searchBox.placeholder}
            value={list.search}
            onChange={list.setSearch}
          />
          {filters}
          {list.filtered && <ResetFiltersButton onClick={list.handleReset} />}
        </Group>
        <Group gap="sm">
          <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
            {query.data ? `${total} ${total === 1 ? noun[0] : noun[1]}` : ''}
          </Text>
          {add && <ListAddButton label={add.label} onClick={add.onClick} />}
        </Group>
      </Group>

      <ListPanel
        query={query}
        loadingLabel={loadingLabel}
        isEmpty={query.data?.items.length === 0}
        empty={{
          icon: empty.icon,
          ...(list.filtered ? noMatch : { title: empty.title, description: empty.description }),
          onReset: list.filtered ? list.handleReset : undefined,
          add,
        }}
      >
        {query.data && children(query.data.items)}
      </ListPanel>

      {unpaged === undefined ? (
        <ListFooter page={list.state.page} limit={list.state.limit} total={total} onChange={list.update} />
      ) : (
        <Text size="sm" c="dimmed">
          {unpaged}
        </Text>
      )}
    </Stack>
  );
};
