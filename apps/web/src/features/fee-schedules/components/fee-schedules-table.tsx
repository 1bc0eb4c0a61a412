import {
  FEE_STRUCTURE_LABELS,
  FEE_TYPE_LABELS,
  type FeeScheduleItem,
  type FeeScheduleSortKey,
  TIER_CEILING,
} from '@centric/contracts';
import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import {
  RowActionsCell,
  RowActionsHeader,
  deleteAction,
  editAction,
} from '../../../components/row-actions.tsx';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney, formatMoneyBrief } from '../../../lib/money.ts';
import type { FeeScheduleRights } from './fee-schedule-editor.tsx';

/** How many tiers and where the rates go: { count: '3 tiers', rates: '100 → 50 bps' } or '$2,500.00'. */
export const tiersSummaryOf = (item: FeeScheduleItem): { count: string; rates: string | null } => {
  const count = `${item.tiers.length} ${item.tiers.length === 1 ? 'tier' : 'tiers'}`;
  const first = item.tiers[0];
  const last = item.tiers[item.tiers.length - 1];
  if (!first || !last) return { count, rates: null };
  const rate = (value: string) => (item.type === 'PERCENTAGE' ? value : formatMoney(value));
  const unit = item.type === 'PERCENTAGE' ? ' bps' : '';
  const rates =
    first === last || first.rate === last.rate
      ? `${rate(first.rate)}${unit}`
      : `${rate(first.rate)} → ${rate(last.rate)}${unit}`;
  return { count, rates };
};

/** The tiers in two unbroken lines ('3 tiers', then '100 → 50 bps'); read aloud as '3 tiers · 100 → 50 bps'. */
const TiersSummary = ({ item }: { item: FeeScheduleItem }) => {
  const { count, rates } = tiersSummaryOf(item);
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {count}
      </Text>
      {rates && (
        <>
          <VisuallyHidden> · </VisuallyHidden>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {rates}
          </Text>
        </>
      )}
    </>
  );
};

/** The breakpoints in short: 'Breakpoints at $500,000.00 and $2,000,000.00'. */
const breakpointsOf = (item: FeeScheduleItem) => {
  const points = item.tiers.map((t) => t.maximum).filter((max) => max !== `${TIER_CEILING}.00`);
  return points.length === 0 ? 'No breakpoints' : `Breakpoints at ${points.map(formatMoneyBrief).join(', ')}`;
};

type FeeSchedulesTableProps = {
  items: readonly FeeScheduleItem[];
  sort: SortState<FeeScheduleSortKey>;
  onSort: (column: FeeScheduleSortKey) => void;
  rights: FeeScheduleRights;
  onOpen: (item: FeeScheduleItem) => void;
  onDelete: (item: FeeScheduleItem) => void;
};

export const FeeSchedulesTable = ({
  items,
  sort,
  onSort,
  rights,
  onOpen,
  onDelete,
}: FeeSchedulesTableProps) => (
  <Table.ScrollContainer minWidth={780}>
    <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Fee schedules">
      <Table.Thead>
        <Table.Tr>
          <SortableTh column="name" sort={sort} onSort={onSort}>
            Name
          </SortableTh>
          <SortableTh column="type" sort={sort} onSort={onSort}>
            Type
          </SortableTh>
          <SortableTh column="structure" sort={sort} onSort={onSort}>
            Structure
          </SortableTh>
          <Table.Th>Tiers</Table.Th>
          <SortableTh column="annualMinimum" sort={sort} onSort={onSort}>
            Annual minimum
          </SortableTh>
          <SortableTh column="createdAt" sort={sort} onSort={onSort} visibleFrom="lg">
            Created
          </SortableTh>
          <RowActionsHeader />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td maw={250}>
              <UnstyledButton onClick={() => onOpen(item)} aria-label={`Open ${item.name}`}>
                <Text size="sm" fw={600} c="brand.8" truncate="end" title={item.name}>
                  {item.name}
                </Text>
              </UnstyledButton>
              <Text size="xs" c="dimmed" truncate="end" title={item.description ?? undefined}>
                {item.description || breakpointsOf(item)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{FEE_TYPE_LABELS[item.type]}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{FEE_STRUCTURE_LABELS[item.structure]}</Text>
            </Table.Td>
            <Table.Td>
              <TiersSummary item={item} />
            </Table.Td>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
              {item.annualMinimum ? (
                <Text size="sm">{formatMoney(item.annualMinimum)}</Text>
              ) : (
                <Text size="sm" c="dimmed">
                  <span aria-hidden="true">—</span>
                  <VisuallyHidden>None</VisuallyHidden>
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="lg">
              <Text size="sm">{formatDate(item.createdAt)}</Text>
            </Table.Td>
            <RowActionsCell
              name={item.name}
              actions={[
                rights.canWrite
                  ? editAction(() => onOpen(item))
                  : { label: 'View', icon: IconEye, onClick: () => onOpen(item) },
                deleteAction(() => onDelete(item), rights.canDelete),
              ]}
            />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
