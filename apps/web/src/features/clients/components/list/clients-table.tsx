import { type ClientListItem, type ClientSortKey, dueStateOn, formatPhone } from '@centric/contracts';
import {
  Anchor,
  Group,
  type MantineBreakpoint,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthenticatedAvatar } from '../../../../components/authenticated-avatar.tsx';
import { SortableTh } from '../../../../components/sortable-th.tsx';
import { useFirmToday } from '../../../../lib/firm-calendar.ts';
import { formatDate } from '../../../../lib/format.ts';
import type { SortOrder } from '../../api/list-clients.ts';
import { HouseholdAvatarGroup } from './household-avatar-group.tsx';
import { ClientStatusBadge, InfluencerTierBadge, RatingStars, ServiceBadges } from './household-badges.tsx';
import { MAX_SORT_KEYS } from './use-client-list-params.ts';
import { paths } from '../../../../lib/paths.ts';

/** A header click makes its column the first sort key (again: reverses it); the other keys follow. */
export const promoteSortKey = (
  sortBy: readonly ClientSortKey[],
  order: readonly SortOrder[],
  key: ClientSortKey,
): { sortBy: ClientSortKey[]; order: SortOrder[] } => {
  if (sortBy[0] === key)
    return { sortBy: [...sortBy], order: [order[0] === 'ASC' ? 'DESC' : 'ASC', ...order.slice(1)] };
  const rest = sortBy.map((k, i) => [k, order[i] ?? 'ASC'] as const).filter(([k]) => k !== key);
  const pairs = [[key, 'ASC'] as const, ...rest].slice(0, MAX_SORT_KEYS);
  return { sortBy: pairs.map(([k]) => k), order: pairs.map(([, o]) => o) };
};

type SortProps = {
  sortBy: readonly ClientSortKey[];
  order: readonly SortOrder[];
  onSort: (key: ClientSortKey) => void;
};

/**
 * The columns and the breakpoint each needs (none: always shown). At 1024 px the table keeps what a reader
 * scans for (household and members, status, rating, next follow-up, wealth advisor) without scrolling
 * sideways; the primary contact and the services join from 1200 px, the influencer tier and the city from
 * 1408 px (Mantine's lg and xl).
 */
const COLUMNS = [
  { label: 'Household' },
  { label: 'Status' },
  { label: 'Rating' },
  { label: 'Influencer', visibleFrom: 'xl' },
  { label: 'Services', visibleFrom: 'lg' },
  { label: 'Next follow-up' },
  { label: 'Primary contact', visibleFrom: 'lg' },
  { label: 'City/State', visibleFrom: 'xl' },
  { label: 'Wealth Advisor' },
] as const satisfies readonly { label: string; visibleFrom?: MantineBreakpoint }[];

type ColumnLabel = (typeof COLUMNS)[number]['label'];

/** `visibleFrom` for a column's cells: the same breakpoint as its header. */
const shownFrom = (label: ColumnLabel): { visibleFrom?: MantineBreakpoint } => {
  const column = COLUMNS.find((c) => c.label === label);
  return column && 'visibleFrom' in column ? { visibleFrom: column.visibleFrom } : {};
};

/** Under this width the table scrolls sideways (its columns at 1024 px fit in about 760 px). */
const TABLE_MIN_WIDTH = 760;

const Dash = () => (
  <Text size="sm" c="dimmed">
    <span aria-hidden="true">—</span>
    <VisuallyHidden>None</VisuallyHidden>
  </Text>
);

/**
 * Width of the primary contact column (160–200 px with the window); longer emails end in an ellipsis, the
 * title shows the full value.
 */
const CONTACT_WIDTH = 'clamp(160px, 11vw, 200px)';

/** One line that ends in an ellipsis when it does not fit; the title shows the whole value on hover. */
const OneLine = ({ value, dimmed = false }: { value: string; dimmed?: boolean }) => (
  <Text size="sm" c={dimmed ? 'dimmed' : undefined} truncate="end" title={value}>
    {value}
  </Text>
);

/**
 * The next follow-up date: before today it is overdue (red, with an icon and "Overdue" for readers and on
 * hover, so colour is not the only cue); today's date is bold.
 */
export const FollowUpDate = ({ value, today }: { value: string; today: string }) => {
  const state = dueStateOn(value, today);
  if (state === 'overdue')
    return (
      <Group gap={4} wrap="nowrap" title="Overdue">
        <IconAlertCircle size={14} color="var(--mantine-color-red-9)" aria-hidden="true" />
        <Text size="sm" fw={600} c="red.9" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(value)}
        </Text>
        <VisuallyHidden>Overdue</VisuallyHidden>
      </Group>
    );
  if (state === 'today')
    return (
      <Group gap={4} wrap="nowrap" title="Today">
        <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(value)}
        </Text>
        <VisuallyHidden>Today</VisuallyHidden>
      </Group>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDate(value)}
    </Text>
  );
};

type ClientsTableProps = SortProps & { items: readonly ClientListItem[] };

/** The household rows; each row opens the household (the name is the link, a click anywhere does too). */
export const ClientsTable = ({ items, sortBy, order, onSort }: ClientsTableProps) => {
  const navigate = useNavigate();
  const today = useFirmToday();

  const handleRowClick = (event: MouseEvent<HTMLTableRowElement>, clientId: string) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, [role="button"]')) return;
    if (window.getSelection()?.toString()) return;
    void navigate(paths.clientDetail.href(clientId));
  };

  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" aria-label="Households">
        <ClientsTableHead sortBy={sortBy} order={order} onSort={onSort} />
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={item.clientId}
              onClick={(event) => handleRowClick(event, item.clientId)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.clientDetail.href(item.clientId)}
                  underline="hover"
                  c="inherit"
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}
                  aria-describedby={`household-members-${item.clientId}`}
                >
                  <HouseholdAvatarGroup
                    members={item.members}
                    descriptionId={`household-members-${item.clientId}`}
                  />
                  <Text component="span" fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {item.name}
                  </Text>
                </Anchor>
              </Table.Td>
              <Table.Td>
                <ClientStatusBadge status={item.status} />
              </Table.Td>
              <Table.Td>
                <RatingStars value={item.rating} />
              </Table.Td>
              <Table.Td {...shownFrom('Influencer')}>
                <InfluencerTierBadge tier={item.influencerTier} />
              </Table.Td>
              <Table.Td {...shownFrom('Services')}>
                <ServiceBadges services={item.services} />
              </Table.Td>
              <Table.Td>
                {item.nextFollowUp ? <FollowUpDate value={item.nextFollowUp} today={today} /> : <Dash />}
              </Table.Td>
              <Table.Td {...shownFrom('Primary contact')}>
                {item.primaryEmail || item.primaryPhone ? (
                  <Stack gap={0} w={CONTACT_WIDTH}>
                    {item.primaryEmail && <OneLine value={item.primaryEmail} />}
                    {item.primaryPhone && <OneLine value={formatPhone(item.primaryPhone)} dimmed />}
                  </Stack>
                ) : (
                  <Dash />
                )}
              </Table.Td>
              <Table.Td {...shownFrom('City/State')}>
                {item.city || item.state ? (
                  <Text size="sm">{[item.city, item.state].filter(Boolean).join(', ')}</Text>
                ) : (
                  <Dash />
                )}
              </Table.Td>
              <Table.Td>
                {item.wealthAdvisor ? (
                  <Group gap="xs" wrap="nowrap">
                    <AuthenticatedAvatar
                      imagePath={item.wealthAdvisor.profileImageUrl}
                      name={item.wealthAdvisor.fullName}
                      size={26}
                      radius="xl"
                      aria-hidden="true"
                    />
                    <Text size="sm">{item.wealthAdvisor.fullName}</Text>
                  </Group>
                ) : (
                  <Dash />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** The headers sort by the first of the three keys (the sort editor sets the others). */
const ClientsTableHead = ({ sortBy, order, onSort }: SortProps) => {
  const sort = { sortBy: sortBy[0], order: order[0] ?? 'ASC' };
  const header = { sort, onSort };
  return (
    <Table.Thead>
      <Table.Tr>
        <SortableTh column="name" {...header}>
          Household
        </SortableTh>
        <SortableTh column="status" {...header}>
          Status
        </SortableTh>
        <SortableTh column="rating" {...header}>
          Rating
        </SortableTh>
        <SortableTh column="influencerTier" {...header} {...shownFrom('Influencer')}>
          Influencer
        </SortableTh>
        <Table.Th {...shownFrom('Services')}>Services</Table.Th>
        <SortableTh column="nextFollowUp" {...header}>
          Next follow-up
        </SortableTh>
        <Table.Th {...shownFrom('Primary contact')}>Primary contact</Table.Th>
        <Table.Th {...shownFrom('City/State')}>City/State</Table.Th>
        <Table.Th>Wealth Advisor</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
};

/** The table's shape while the first page loads. */
export const ClientsTableSkeleton = ({ rows }: { rows: number }) => (
  <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH}>
    <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label="Loading households" aria-busy="true">
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map(({ label }) => (
            <Table.Th key={label} {...shownFrom(label)}>
              {label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {Array.from({ length: rows }, (_, row) => (
          <Table.Tr key={row}>
            {COLUMNS.map(({ label }, col) => (
              <Table.Td key={label} {...shownFrom(label)}>
                {col === 0 ? (
                  <Group gap="xs" wrap="nowrap">
                    <Skeleton height={32} circle />
                    <Skeleton height={12} width={120} radius="sm" />
                  </Group>
                ) : (
                  <Skeleton height={12} width={col === 6 ? 140 : 70} radius="sm" />
                )}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
