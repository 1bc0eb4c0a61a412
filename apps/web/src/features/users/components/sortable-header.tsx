import type { UserSortKey, UserSortOrder } from '@centric/contracts';
import { Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type SortableHeaderProps = {
  column: UserSortKey;
  sortBy: UserSortKey;
  order: UserSortOrder;
  onSort: (column: UserSortKey, order: UserSortOrder) => void;
  children: ReactNode;
};

/** A column header that sorts by its column; a second click reverses the order. */
export const SortableHeader = ({ column, sortBy, order, onSort, children }: SortableHeaderProps) => {
  const active = column === sortBy;
  const Icon = active ? (order === 'ASC' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (order === 'ASC' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(column, active && order === 'ASC' ? 'DESC' : 'ASC')}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 600, fontSize: 'inherit' }}
      >
        {children}
        <Icon size={14} aria-hidden="true" />
      </UnstyledButton>
    </Table.Th>
  );
};
