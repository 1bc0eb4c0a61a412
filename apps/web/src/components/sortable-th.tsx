import { type MantineBreakpoint, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SortState<K extends string> = { sortBy: K; order: 'ASC' | 'DESC' };

type SortableThProps<K extends string> = {
  column: K;
  sort: SortState<K>;
  onSort: (sort: SortState<K>) => void;
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
        onClick={() => onSort({ sortBy: column, order: active && sort.order === 'ASC' ? 'DESC' : 'ASC' })}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 600, fontSize: 'inherit' }}
      >
        {children}
        <Icon size={14} aria-hidden="true" />
      </UnstyledButton>
    </Table.Th>
  );
};
