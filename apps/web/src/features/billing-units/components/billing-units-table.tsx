import type { BillingHouseholdRow } from '@centric/contracts';
import { Anchor, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatUnitNumber } from '../../../lib/format.ts';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { paths } from '../../../lib/paths.ts';
import type { BillingUnitsSortKey } from '../hooks/use-billing-units-params.ts';
import { BilledBadge, BillingStatusBadge, ReadinessReasons } from './readiness.tsx';

type BillingUnitsTableProps = {
  items: readonly BillingHouseholdRow[];
  sort: SortState<BillingUnitsSortKey>;
  onSort: (column: BillingUnitsSortKey) => void;
};

const None = () => (
  <Text size="sm" c="dimmed">
    <span aria-hidden="true">—</span>
    <VisuallyHidden>None</VisuallyHidden>
  </Text>
);

/** The units of a page; each row opens the unit's billing page (the name is the link, a click anywhere too). */
export const BillingUnitsTable = ({ items, sort, onSort }: BillingUnitsTableProps) => {
  const navigate = useNavigate();

  const handleRowClick = (event: MouseEvent<HTMLTableRowElement>, clientId: string) => {
    const target = event.target as HTMLElement;
    // Only the row itself: not its links and buttons, nor a popover opened from it, nor selected text.
    if (!event.currentTarget.contains(target)) return;
    if (target.closest('a, button, input, [role="button"], [role="dialog"]')) return;
    if (window.getSelection()?.toString()) return;
    void navigate(paths.billingHousehold.href(clientId));
  };

  return (
    <Table.ScrollContainer minWidth={880}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Billing units">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="unitId" sort={sort} onSort={onSort}>
              Unit
            </SortableTh>
            <SortableTh column="name" sort={sort} onSort={onSort}>
              Household
            </SortableTh>
            {/* Under 1200 px the reasons need the room: the advisor is on the unit's Team tab. */}
            <SortableTh column="wealthAdvisor" sort={sort} onSort={onSort} visibleFrom="lg">
              Wealth Advisor 1
            </SortableTh>
            <SortableTh column="accounts" sort={sort} onSort={onSort}>
              Accounts
              <Text span size="xs" c="dimmed" fw={400}>
                open / total
              </Text>
            </SortableTh>
            <SortableTh column="status" sort={sort} onSort={onSort}>
              Billing status
            </SortableTh>
            <Table.Th>Reasons</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => (
            <Table.Tr
              key={row.clientId}
              onClick={(event) => handleRowClick(event, row.clientId)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" ff="monospace">
                  {formatUnitNumber(row.unitId)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Anchor
                    component={Link}
                    to={paths.billingHousehold.href(row.clientId)}
                    size="sm"
                    fw={600}
                    display="block"
                    maw={260}
                    truncate="end"
                    title={row.name}
                  >
                    {row.name}
                  </Anchor>
                  {row.householdStatus !== 'ACTIVE' && (
                    <Text size="xs" c="dimmed" tt="capitalize">
                      {row.householdStatus.toLowerCase()} household
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="lg">
                {row.wealthAdvisor ? <Text size="sm">{row.wealthAdvisor.fullName}</Text> : <None />}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                <Text size="sm" title={`${row.openAccounts} open of ${row.accounts}`}>
                  <span aria-hidden="true">
                    {row.openAccounts} / {row.accounts}
                  </span>
                  <VisuallyHidden>
                    {row.openAccounts} open of {row.accounts}
                  </VisuallyHidden>
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <BillingStatusBadge row={row} />
                  {row.billed && <BilledBadge />}
                </Stack>
              </Table.Td>
              <Table.Td>
                <ReadinessReasons row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
