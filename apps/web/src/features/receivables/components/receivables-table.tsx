import {
  formatMoney,
  RECEIVABLE_FREQUENCY_LABELS,
  RECEIVABLE_VIEW_BY_LABELS,
  type ReceivableChildTab,
  type ReceivableRow,
  type ReceivableSortKey,
  type ReceivableViewBy,
} from '@centric/contracts';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconFilter } from '@tabler/icons-react';
import { AuthenticatedAvatar } from '../../../components/authenticated-avatar.tsx';
import { type RowAction, RowActionsCell, RowActionsHeader } from '../../../components/row-actions.tsx';
import { RowNameButton } from '../../../components/row-name-button.tsx';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { formatDate } from '../../../lib/format.ts';
import { PaymentStateBadge } from './payment-state-badge.tsx';

const DATE_HEADERS: Readonly<Record<ReceivableChildTab, string>> = {
  projected: 'Due',
  pastDue: 'Due',
  received: 'Due',
  originals: 'Start date',
};

/** 'Products' → 'Product': the group column's header. */
export const groupHeaderOf = (viewBy: ReceivableViewBy) =>
  RECEIVABLE_VIEW_BY_LABELS[viewBy].replace(/s$/, '');

type ReceivablesTableProps = {
  items: readonly ReceivableRow[];
  childTab: ReceivableChildTab;
  viewBy: ReceivableViewBy;
  sort: SortState<ReceivableSortKey>;
  onSort: (column: ReceivableSortKey) => void;
  onOpen: (row: ReceivableRow) => void;
  onGroup: (row: ReceivableRow) => void;
  /** receivables write: mark a payment received or write it off. */
  onReceive?: ((row: ReceivableRow) => void) | undefined;
  onWriteOff?: ((row: ReceivableRow) => void) | undefined;
};

/**
 * One page of a child tab: the view's group first (a button narrows the list to it), the product with its
 * image, provider, household and advisor, the account holder and policy, the date and amount, and the state.
 */
export const ReceivablesTable = ({
  items,
  childTab,
  viewBy,
  sort,
  onSort,
  onOpen,
  onGroup,
  onReceive,
  onWriteOff,
}: ReceivablesTableProps) => {
  const payments = childTab !== 'originals';
  const withActions = payments && childTab !== 'received' && (onReceive || onWriteOff);
  const groupHeader = groupHeaderOf(viewBy);
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Receivables" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="group" sort={sort} onSort={onSort}>
              {groupHeader}
            </SortableTh>
            <Table.Th>Receivable</Table.Th>
            <SortableTh column="household" sort={sort} onSort={onSort}>
              Household
            </SortableTh>
            <Table.Th>Account holder</Table.Th>
            <SortableTh column="date" sort={sort} onSort={onSort}>
              {DATE_HEADERS[childTab]}
            </SortableTh>
            <SortableTh column="amount" sort={sort} onSort={onSort}>
              {childTab === 'received' ? 'Received' : childTab === 'originals' ? 'Per payment' : 'Amount'}
            </SortableTh>
            {childTab === 'originals' ? <Table.Th ta="right">Total</Table.Th> : <Table.Th>State</Table.Th>}
            {withActions && <RowActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row, index) => {
            const name = `${row.product.name} of ${row.household.name}${payments ? ` due ${formatDate(row.date)}` : ''}`;
            // Sorted by group, a group's name heads its run of rows; the rows after it leave the cell empty.
            const firstOfGroup =
              sort.sortBy !== 'group' || index === 0 || items[index - 1]?.group.name !== row.group.name;
            const actions: RowAction[] = [
              ...(onReceive
                ? [{ label: 'Mark received', icon: IconCircleCheck, onClick: () => onReceive(row) }]
                : []),
              ...(onWriteOff
                ? [{ label: 'Write off', icon: IconCircleX, danger: true, onClick: () => onWriteOff(row) }]
                : []),
            ];
            return (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {firstOfGroup && (
                    <Stack gap={0}>
                      <Text size="sm" fw={600} maw={190} truncate="end" title={row.group.name}>
                        {row.group.name}
                      </Text>
                      {row.group.id !== null && (
                        <Anchor
                          component="button"
                          type="button"
                          size="xs"
                          c="dimmed"
                          ta="left"
                          onClick={() => onGroup(row)}
                          aria-label={`Only ${row.group.name}`}
                        >
                          <Group gap={2} wrap="nowrap" component="span">
                            <IconFilter size={12} aria-hidden="true" />
                            only this
                          </Group>
                        </Anchor>
                      )}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <AuthenticatedAvatar
                      imagePath={row.product.imageUrl}
                      name={row.product.name}
                      size={28}
                      radius="sm"
                    />
                    <Stack gap={0}>
                      <RowNameButton
                        title={`Open ${name}`}
                        label={name}
                        maxWidth={190}
                        onClick={() => onOpen(row)}
                      >
                        {row.product.name}
                      </RowNameButton>
                      <Text size="xs" c="dimmed" maw={190} truncate="end">
                        {row.provider.name}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" maw={180} truncate="end" title={row.household.name}>
                    {row.household.name}
                  </Text>
                  {viewBy !== 'advisors' && row.advisor && (
                    <Text size="xs" c="dimmed" maw={180} truncate="end">
                      {row.advisor}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" maw={160} truncate="end">
                    {row.accountHolder}
                  </Text>
                  {row.policyNumber && (
                    <Text size="xs" c="dimmed">
                      {row.policyNumber}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDate(row.date)}</Text>
                  {row.receivedDate && (
                    <Text size="xs" c="dimmed">
                      received {formatDate(row.receivedDate)}
                    </Text>
                  )}
                  {row.daysPastDue !== null && (
                    <Text size="xs" c="red.9">
                      {row.daysPastDue} {row.daysPastDue === 1 ? 'day' : 'days'} past due
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" ff="monospace">
                    {formatMoney(row.amount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {RECEIVABLE_FREQUENCY_LABELS[row.paymentFrequency]}
                    {childTab === 'originals' &&
                      row.numberOfPayments !== null &&
                      row.paymentFrequency !== 'PAID_UP' &&
                      (row.paymentFrequency === 'ONE_TIME'
                        ? ', 1 payment'
                        : `, ${row.numberOfPayments} payments`)}
                  </Text>
                </Table.Td>
                {childTab === 'originals' ? (
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" ff="monospace" fw={600}>
                      {formatMoney(row.totalAmount)}
                    </Text>
                  </Table.Td>
                ) : (
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {row.state && <PaymentStateBadge state={row.state} />}
                  </Table.Td>
                )}
                {withActions && <RowActionsCell name={name} actions={actions} />}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
