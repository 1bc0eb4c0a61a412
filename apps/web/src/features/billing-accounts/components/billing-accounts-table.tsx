import {
  BILLING_FREQUENCY_LABELS,
  BILLING_TIMING_LABELS,
  PAY_METHOD_LABELS,
  type BillingAccountsQuery,
} from '@centric/contracts';
import { Anchor, Badge, Checkbox, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { formatUnitNumber } from '../../../lib/format.ts';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { paths } from '../../../lib/paths.ts';
import type { BillingAccountRow } from '../api/list-billing-accounts.ts';
import { payerOf } from './billing-text.ts';

export type BillingAccountSortKey = BillingAccountsQuery['sortBy'];

const None = ({ children }: { children: string }) => (
  <Text size="sm" c="dimmed">
    <span aria-hidden="true">—</span>
    <VisuallyHidden>{children}</VisuallyHidden>
  </Text>
);

/** The pay method; UNASSIGNED stands out, as the account is not ready to bill. */
export const PayMethodBadge = ({ payMethod }: { payMethod: BillingAccountRow['payMethod'] }) => (
  <Badge
    variant="light"
    color={payMethod === 'UNASSIGNED' ? 'orange' : payMethod === 'ACH' ? 'blue' : 'grape'}
    c="dark.7"
    size="sm"
    radius="sm"
    tt="none"
  >
    {PAY_METHOD_LABELS[payMethod]}
  </Badge>
);

/** Who pays an INDIRECT account's fee: another account (its link), the account itself, or nobody yet. */
const PaidBy = ({ row }: { row: BillingAccountRow }) => {
  const payer = payerOf(row);
  switch (payer.kind) {
    case 'itself':
      return <Text size="sm">Itself</Text>;
    case 'other':
      return (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={paths.billingAccount.href(payer.payer.id, payer.payer.clientId)}
            size="sm"
            maw={170}
            truncate="end"
            title={payer.payer.registrationName}
          >
            {payer.payer.registrationName}
          </Anchor>
          {payer.payer.clientId !== row.clientId && (
            <Text size="xs" c="dimmed" maw={170} truncate="end">
              {payer.payer.household}
            </Text>
          )}
        </Stack>
      );
    case 'missing':
      return (
        <Text size="sm" c="red.8" fw={500}>
          No paying account
        </Text>
      );
    default:
      return <None>Not paid through an account</None>;
  }
};

type BillingAccountsTableProps = {
  items: readonly BillingAccountRow[];
  sort: SortState<BillingAccountSortKey>;
  onSort: (column: BillingAccountSortKey) => void;
  /** The chosen accounts; checkboxes show only when `onSelect` is given (the user may write). */
  selected: ReadonlySet<string>;
  onSelect?: ((ids: readonly string[], checked: boolean) => void) | undefined;
};

/** One page of accounts with their fee setting; with write rights, a checkbox per row for the bulk bar. */
export const BillingAccountsTable = ({
  items,
  sort,
  onSort,
  selected,
  onSelect,
}: BillingAccountsTableProps) => {
  const chosen = items.filter((item) => selected.has(item.accountId)).length;
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Accounts and their fee setting">
        <Table.Thead>
          <Table.Tr>
            {onSelect && (
              <Table.Th w={44}>
                <Checkbox
                  aria-label="Select every account of this page"
                  checked={chosen > 0 && chosen === items.length}
                  indeterminate={chosen > 0 && chosen < items.length}
                  onChange={(event) =>
                    onSelect(
                      items.map((item) => item.accountId),
                      event.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
            )}
            <SortableTh column="registrationName" sort={sort} onSort={onSort}>
              Registration name
            </SortableTh>
            <SortableTh column="household" sort={sort} onSort={onSort}>
              Household
            </SortableTh>
            {/* Under 1200 px, custodian and frequency give way to who pays (both are on the account's page). */}
            <SortableTh column="custodian" sort={sort} onSort={onSort} visibleFrom="lg">
              Custodian
            </SortableTh>
            <SortableTh column="feeSchedule" sort={sort} onSort={onSort}>
              Fee schedule
            </SortableTh>
            <SortableTh column="payMethod" sort={sort} onSort={onSort}>
              Pay method
            </SortableTh>
            <SortableTh column="frequency" sort={sort} onSort={onSort} visibleFrom="lg">
              Frequency
            </SortableTh>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Paid by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const checked = selected.has(item.accountId);
            return (
              <Table.Tr key={item.accountId} bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
                {onSelect && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${item.registrationName}`}
                      checked={checked}
                      onChange={(event) => onSelect([item.accountId], event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={paths.billingAccount.href(item.accountId, item.clientId)}
                    size="sm"
                    fw={600}
                    display="block"
                    maw={240}
                    truncate="end"
                    title={item.registrationName}
                  >
                    {item.registrationName}
                  </Anchor>
                  {item.status === 'CLOSED' && (
                    <Badge variant="light" color="gray" c="dark.7" size="xs" radius="sm" mt={2}>
                      Closed
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={paths.billingHousehold.href(item.clientId)}
                    size="sm"
                    display="block"
                    maw={170}
                    truncate="end"
                    title={`${item.household}: billing unit`}
                  >
                    {item.household}
                  </Anchor>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {formatUnitNumber(item.unitId)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} visibleFrom="lg">
                  <Text size="sm">{item.custodian}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {item.custodianNumber}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {item.feeSchedule ? (
                    <Text size="sm" maw={200} truncate="end" title={item.feeSchedule.name}>
                      {item.feeSchedule.name}
                    </Text>
                  ) : (
                    <Text size="sm" c="red.8" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      No fee schedule
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <PayMethodBadge payMethod={item.payMethod} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} visibleFrom="lg">
                  <Text size="sm">
                    {BILLING_FREQUENCY_LABELS[item.frequency]} · {BILLING_TIMING_LABELS[item.timing]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <PaidBy row={item} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
