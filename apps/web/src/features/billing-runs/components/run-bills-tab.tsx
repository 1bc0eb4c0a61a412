import type { BillRow } from '@centric/contracts';
import { Anchor, Table, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import { RowNameButton } from '../../../components/row-name-button.tsx';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { useBillRunBills } from '../api/list-bill-run-bills.ts';
import { type BillSortKey, useRunBillsParams } from '../hooks/use-run-page-params.ts';
import { BillStatusBadge } from './bill-run-badges.tsx';
import { periodText } from './bill-run-text.ts';

type RunBillsTableProps = {
  items: readonly BillRow[];
  sort: SortState<BillSortKey>;
  onSort: (column: BillSortKey) => void;
  onOpen: (bill: BillRow) => void;
};

/** One page of a run's bills: bill no (opens its explanation), household, period, value, amount, status. */
const RunBillsTable = ({ items, sort, onSort, onOpen }: RunBillsTableProps) => (
  <Table.ScrollContainer minWidth={880}>
    <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Bills">
      <Table.Thead>
        <Table.Tr>
          <SortableTh column="billNo" sort={sort} onSort={onSort}>
            Bill no
          </SortableTh>
          <SortableTh column="household" sort={sort} onSort={onSort}>
            Household
          </SortableTh>
          <Table.Th>Period</Table.Th>
          <Table.Th ta="right">Billable value</Table.Th>
          <SortableTh column="amount" sort={sort} onSort={onSort}>
            Amount
          </SortableTh>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Accounts</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((bill) => (
          <Table.Tr key={bill.id}>
            <Table.Td>
              <RowNameButton
                title={`Open bill ${bill.billNo} of ${bill.household}`}
                maxWidth={120}
                onClick={() => onOpen(bill)}
              >
                {bill.billNo}
              </RowNameButton>
            </Table.Td>
            <Table.Td>
              <Anchor
                component={Link}
                to={paths.billingHousehold.href(bill.clientId)}
                size="sm"
                maw={240}
                truncate="end"
                title={bill.household}
                style={{ display: 'block' }}
              >
                {bill.household}
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{periodText(bill.periodStart, bill.periodEnd)}</Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" ff="monospace">
                {formatMoney(bill.billableValue)}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text
                size="sm"
                ff="monospace"
                fw={600}
                td={bill.status === 'VOIDED' ? 'line-through' : undefined}
              >
                {formatMoney(bill.amount)}
              </Text>
            </Table.Td>
            <Table.Td>
              <BillStatusBadge status={bill.status} />
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{bill.accounts}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

type RunBillsTabProps = {
  runId: string;
  /** The run is in progress: its bills arrive as it goes. */
  running: boolean;
  onOpen: (billId: string) => void;
};

/** A run's bills: search by household, sort by bill no, household or amount; a bill opens its explanation. */
export const RunBillsTab = ({ runId, running, onOpen }: RunBillsTabProps) => {
  const { state, update } = useRunBillsParams();
  const list = usePagedList(state, update);
  const bills = useBillRunBills(runId, list.query, running);
  return (
    <PagedList
      list={list}
      query={bills}
      searchBox={{ label: 'Search bills', placeholder: 'Household' }}
      noun={['bill', 'bills']}
      loadingLabel="Loading bills..."
      empty={{
        icon: <IconFileInvoice size={28} aria-hidden="true" />,
        title: running ? 'No bills yet' : 'No bills in this run',
        description: running
          ? 'The bills show here as the run bills each household.'
          : 'The run billed no household: the Units tab says why for each.',
      }}
      noMatch={{ title: 'No bills match', description: 'Try another household name, or clear the search.' }}
    >
      {(items) => (
        <RunBillsTable
          items={items}
          sort={list.sort}
          onSort={list.handleSort}
          onOpen={(bill) => onOpen(bill.id)}
        />
      )}
    </PagedList>
  );
};
