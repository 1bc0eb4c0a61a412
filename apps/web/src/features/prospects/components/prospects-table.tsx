import { formatMoney, type ProspectRow, type ProspectSortKey } from '@centric/contracts';
import { Anchor, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RowNameButton } from '../../../components/row-name-button.tsx';
import { SortableTh, type SortState } from '../../../components/sortable-th.tsx';
import { paths } from '../../../lib/paths.ts';
import { ActivityStatusBadge, DaysSinceBadge, LeadStatusBadge } from './prospect-labels.tsx';

type ProspectsTableProps = {
  items: readonly ProspectRow[];
  sort: SortState<ProspectSortKey>;
  onSort: (column: ProspectSortKey) => void;
  onOpen: (prospect: ProspectRow) => void;
};

/** The list's page: name (opens the prospect), statuses, advisors, combined interests, days since last activity. */
export const ProspectsTable = ({ items, sort, onSort, onOpen }: ProspectsTableProps) => (
  <Table.ScrollContainer minWidth={900}>
    <Table striped highlightOnHover verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <SortableTh column="name" sort={sort} onSort={onSort}>
            Name
          </SortableTh>
          <SortableTh column="leadStatus" sort={sort} onSort={onSort}>
            Lead status
          </SortableTh>
          <SortableTh column="activityStatus" sort={sort} onSort={onSort}>
            Status
          </SortableTh>
          <Table.Th>Wealth advisor</Table.Th>
          <Table.Th>Business developer</Table.Th>
          <SortableTh column="combineInterests" sort={sort} onSort={onSort}>
            Combined interests
          </SortableTh>
          <SortableTh column="lastActivityDate" sort={sort} onSort={onSort}>
            Last activity
          </SortableTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>
              <RowNameButton title={p.displayName} maxWidth={260} onClick={() => onOpen(p)}>
                {p.displayName}
              </RowNameButton>
              {p.email && (
                <Text size="xs" c="dimmed">
                  {p.email}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <LeadStatusBadge status={p.leadStatus} />
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <ActivityStatusBadge status={p.activityStatus} />
                {p.convertedHouseholdId && (
                  <Anchor
                    component={Link}
                    to={paths.clientDetail.href(p.convertedHouseholdId)}
                    size="sm"
                    aria-label={`Open the household of ${p.displayName}`}
                  >
                    Household
                  </Anchor>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{p.wealthAdvisor?.fullName ?? '—'}</Table.Td>
            <Table.Td>{p.businessDeveloper?.fullName ?? '—'}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatMoney(p.combineInterests)}
            </Table.Td>
            <Table.Td>
              <DaysSinceBadge days={p.daysSinceLastActivity} converted={p.activityStatus === 'CONVERTED'} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
