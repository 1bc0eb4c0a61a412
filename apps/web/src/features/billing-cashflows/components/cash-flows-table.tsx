import {
  CASH_FLOW_DIRECTION_LABELS,
  CASH_FLOW_SOURCE_LABELS,
  CASH_FLOW_TREATMENT_LABELS,
  type CashFlowRow,
  type CashFlowSortKey,
  type CashFlowTreatment,
} from '@centric/contracts';
import { Badge, Table, Text } from '@mantine/core';
import { deleteAction, RowActionsCell, RowActionsHeader } from '../../../components/row-actions.tsx';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';

const TREATMENT_COLORS: Readonly<Record<CashFlowTreatment, string>> = {
  CHARGED: 'orange',
  CREDITED: 'teal',
  NOT_PRORATED: 'gray',
};

/** How the next ARREARS bill treats the flow: charged, credited or not prorated. */
export const TreatmentBadge = ({ treatment }: { treatment: CashFlowTreatment }) => (
  <Badge variant="light" color={TREATMENT_COLORS[treatment]} c="dark.7" size="sm" radius="sm" tt="none">
    {CASH_FLOW_TREATMENT_LABELS[treatment]}
  </Badge>
);

type CashFlowsTableProps = {
  items: readonly CashFlowRow[];
  sort: SortState<CashFlowSortKey>;
  onSort: (column: CashFlowSortKey) => void;
  /** cashflows delete: a manual flow can be deleted (after confirming). */
  onDelete?: ((row: CashFlowRow) => void) | undefined;
};

/** One page of flows: date, account, household, direction, amount, treatment, source and reason. */
export const CashFlowsTable = ({ items, sort, onSort, onDelete }: CashFlowsTableProps) => (
  <Table.ScrollContainer minWidth={960}>
    <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Cash flows">
      <Table.Thead>
        <Table.Tr>
          <SortableTh column="date" sort={sort} onSort={onSort}>
            Date
          </SortableTh>
          <SortableTh column="account" sort={sort} onSort={onSort}>
            Account
          </SortableTh>
          <SortableTh column="household" sort={sort} onSort={onSort}>
            Household
          </SortableTh>
          <Table.Th>Direction</Table.Th>
          <SortableTh column="amount" sort={sort} onSort={onSort}>
            Amount
          </SortableTh>
          <Table.Th>Treatment</Table.Th>
          <Table.Th>Source</Table.Th>
          <Table.Th>Reason</Table.Th>
          {onDelete && <RowActionsHeader />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={`${item.source}:${item.id}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatDate(item.date)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600} maw={240} truncate="end" title={item.account.registrationName}>
                {item.account.registrationName}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" maw={200} truncate="end" title={item.household.name}>
                {item.household.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{CASH_FLOW_DIRECTION_LABELS[item.direction]}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" ff="monospace" c={item.direction === 'WITHDRAWAL' ? 'red.9' : undefined}>
                {formatMoney(item.direction === 'WITHDRAWAL' ? `-${item.amount}` : item.amount)}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <TreatmentBadge treatment={item.treatment} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{CASH_FLOW_SOURCE_LABELS[item.source]}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" maw={260} lineClamp={2} title={item.reason ?? undefined}>
                {item.reason ?? ''}
              </Text>
            </Table.Td>
            {onDelete &&
              (item.source === 'MANUAL' ? (
                <RowActionsCell
                  name={`the cash flow of ${formatDate(item.date)} on ${item.account.registrationName}`}
                  actions={[deleteAction(() => onDelete(item))]}
                />
              ) : (
                <Table.Td />
              ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
