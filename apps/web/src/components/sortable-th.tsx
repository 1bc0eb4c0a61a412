import { type MantineBreakpoint, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SortState<K extends string> = { sortBy: K; order: 'ASC' | 'DESC' };

/** The sort after a click on `column`'s header: that column ascending, or reversed when it sorts already. */
export const sortAfterClick = <K extends string>(current: SortState<K>, column: K): SortState<K> => ({
  sortBy: column,
  order: current.sortBy === column && current.order === 'ASC' ? 'DESC' : 'ASC',
});

type SortableThProps<K extends string> = {
  column: K;
  /** The sort the list shows (for the arrow and aria-sort); no column is marked without a `sortBy`. */
  sort: { sortBy: K | undefined; order: SortState<K>['order'] };
  /**
   * Called with the clicked column. The caller computes the next sort from its current state at that moment
   * (`sortAfterClick` on a functional update), not from `sort`: a second click before the list renders again
   * must see the first.
   */
  onSort: (column: K) => void;
  children: ReactNode;
  /** Shown only from this breakpoint on (a column that narrow windows can do without). */
  visibleFrom?: MantineBreakpoint;
};

/** A column header that sorts the list by its column; a second click reverses the order. */
export const SortableTh = <K extends string>({
  column,
  sort,
  onSort,
  children,
  visibleFrom,
}: SortableThProps<K>) => {
  const active = sort.sortBy === column;
  const Icon = active ? (sort.order === 'ASC' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th
      aria-sort={active ? (sort.order === 'ASC' ? 'ascending' : 'descending') : 'none'}
      {...(visibleFrom ? { visibleFrom } : {})}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 4,
          fontWeight: 600,
          fontSize: 'inherit',
          whiteSpace: 'nowrap',
        }}
      >
        {children}
        <Icon size={14} aria-hidden="true" />
      </UnstyledButton>
    </Table.Th>
  );
};
