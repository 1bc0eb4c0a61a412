import {
  REVIEW_ACTION_LABELS,
  type ReviewAction,
  type ReviewQueueItem,
  type ReviewQueueSortKey,
} from '@centric/contracts';
import { Anchor, Badge, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  type Icon,
  IconArrowBigUpLines,
  IconCircleCheck,
  IconClockPause,
  IconRosetteDiscountCheck,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { RowActionsCell, RowActionsHeader } from '../../../components/row-actions.tsx';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import type { ReviewView } from '../hooks/use-bookkeeping-params.ts';
import { reasonLabel } from './review-text.ts';

export type ReviewSortKey = ReviewQueueSortKey;

/** Each action's icon, in the row and in the bulk bar. */
export const REVIEW_ACTION_ICONS: Readonly<Record<ReviewAction, Icon>> = {
  REVIEW_DONE: IconCircleCheck,
  SNOOZE: IconClockPause,
  ESCALATE: IconArrowBigUpLines,
  READY: IconRosetteDiscountCheck,
};

/**
 * At 1024 px: account (with its custodian beneath), household, reasons, value and actions without scrolling
 * sideways; the custodian and wealth advisor columns from 1200 px (lg).
 */
const WIDE = 'lg';

/** A reason's badge keeps all its words, on two lines when the column is narrow. */
const WRAPPING_BADGE = {
  root: { height: 'auto', minHeight: 20, paddingBlock: 2, maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 },
} as const;

const None = ({ children = 'None' }: { children?: string }) => (
  <Text size="sm" c="dimmed">
    <span aria-hidden="true">—</span>
    <VisuallyHidden>{children}</VisuallyHidden>
  </Text>
);

type ReviewTableProps = {
  view: ReviewView;
  items: readonly ReviewQueueItem[];
  sort: SortState<ReviewSortKey>;
  onSort: (column: ReviewSortKey) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], checked: boolean) => void;
  /** The actions the view's accounts can take; empty when the user may not write. */
  actions: readonly ReviewAction[];
  onAction: (action: ReviewAction, items: readonly ReviewQueueItem[]) => void;
};

/** The queue's accounts of one page, each with a checkbox for the bulk actions and its own actions. */
export const ReviewTable = ({
  view,
  items,
  sort,
  onSort,
  selected,
  onSelect,
  actions,
  onAction,
}: ReviewTableProps) => {
  const selectable = actions.length > 0;
  const chosen = items.filter((item) => selected.has(item.accountId)).length;
  const reviewed = view === 'REVIEW_DONE' || view === 'READY';
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Accounts to review">
        <Table.Thead>
          <Table.Tr>
            {selectable && (
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
              Account
            </SortableTh>
            <SortableTh column="household" sort={sort} onSort={onSort}>
              Household
            </SortableTh>
            <SortableTh column="custodian" sort={sort} onSort={onSort} visibleFrom={WIDE}>
              Custodian
            </SortableTh>
            <Table.Th visibleFrom={WIDE} style={{ whiteSpace: 'nowrap' }}>
              Wealth advisor
            </Table.Th>
            <Table.Th>Reasons</Table.Th>
            <Table.Th style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>Value today</Table.Th>
            {view === 'SNOOZED' && (
              <SortableTh column="snoozedUntil" sort={sort} onSort={onSort}>
                Snoozed until
              </SortableTh>
            )}
            {reviewed && (
              <SortableTh column="reviewedAt" sort={sort} onSort={onSort}>
                Reviewed
              </SortableTh>
            )}
            {selectable && <RowActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const checked = selected.has(item.accountId);
            return (
              <Table.Tr key={item.accountId} bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
                {selectable && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${item.registrationName}`}
                      checked={checked}
                      onChange={(event) => onSelect([item.accountId], event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm" fw={600} maw={240} truncate="end" title={item.registrationName}>
                    {item.registrationName}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom={WIDE}>
                    {item.custodian}{' '}
                    <Text span inherit ff="monospace">
                      {item.custodianNumber}
                    </Text>
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={paths.clientDetail.href(item.clientId, { tab: 'managed_accounts' })}
                    size="sm"
                    display="block"
                    maw={220}
                    truncate="end"
                    title={`${item.household}: managed accounts`}
                  >
                    {item.household}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} visibleFrom={WIDE}>
                  <Stack gap={0}>
                    <Text size="sm">{item.custodian}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {item.custodianNumber}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom={WIDE}>
                  {item.wealthAdvisor ? <Text size="sm">{item.wealthAdvisor.fullName}</Text> : <None />}
                </Table.Td>
                <Table.Td>
                  {item.reviewReasons.length > 0 ? (
                    <Group gap={4} maw={280} miw={150}>
                      {item.reviewReasons.map((reason) => (
                        <Badge
                          key={reason}
                          variant="light"
                          color="orange"
                          c="dark.7"
                          size="sm"
                          radius="sm"
                          tt="none"
                          styles={WRAPPING_BADGE}
                        >
                          {reasonLabel(reason)}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    <None>No data check found anything</None>
                  )}
                </Table.Td>
                <Table.Td
                  style={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  <Text size="sm">{formatMoney(item.marketValue)}</Text>
                </Table.Td>
                {view === 'SNOOZED' && (
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {item.reviewSnoozedUntil ? (
                      <Text size="sm">{formatDate(item.reviewSnoozedUntil)}</Text>
                    ) : (
                      <None />
                    )}
                  </Table.Td>
                )}
                {reviewed && (
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {item.reviewedAt ? (
                      <Stack gap={0}>
                        <Text size="sm">{formatDate(item.reviewedAt)}</Text>
                        {item.reviewedBy && (
                          <Text size="xs" c="dimmed">
                            by {item.reviewedBy}
                          </Text>
                        )}
                      </Stack>
                    ) : (
                      <None />
                    )}
                  </Table.Td>
                )}
                {selectable && (
                  <RowActionsCell
                    name={item.registrationName}
                    actions={actions.map((action) => ({
                      label: REVIEW_ACTION_LABELS[action],
                      icon: REVIEW_ACTION_ICONS[action],
                      onClick: () => onAction(action, [item]),
                    }))}
                  />
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
