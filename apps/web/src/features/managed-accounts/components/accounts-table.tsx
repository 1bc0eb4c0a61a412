import { ACCOUNT_OWNER_ROLE_LABELS, type AccountValue } from '@centric/contracts';
import { Anchor, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconListDetails } from '@tabler/icons-react';
import {
  deleteAction,
  editAction,
  RowActionsCell,
  RowActionsHeader,
} from '../../../components/row-actions.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { AccountStatusBadge, ReviewStatusBadge } from './account-badges.tsx';
import { dateOrDash } from './figures.ts';
import { activeSnooze, ReviewActionsMenu, ReviewReasons, type RunReviewAction } from './review-actions.tsx';

type AccountsTableProps = {
  accounts: readonly AccountValue[];
  /** The account whose detail is open (its row is marked). */
  selectedId: string | null;
  canWrite: boolean;
  canDelete: boolean;
  onOpen: (account: AccountValue) => void;
  onEdit: (account: AccountValue) => void;
  onDelete: (account: AccountValue) => void;
  /** A review action on an account (the menu shows those its status allows, to users who may write). */
  onReview: RunReviewAction;
  reviewPending: boolean;
  today: string;
  labelledBy: string;
};

const unpricedText = (count: number) =>
  `${count} position${count === 1 ? ' has' : 's have'} no price on or before this date and ${count === 1 ? 'is' : 'are'} valued at $0.`;

/** The review's status, the reasons the checks found and a snooze still ahead. */
const ReviewCell = ({ account, today }: { account: AccountValue; today: string }) => {
  const snoozed = activeSnooze(account, today);
  return (
    <Stack gap={4} align="flex-start" maw={220}>
      <ReviewStatusBadge account={account} />
      <ReviewReasons reasons={account.reviewReasons} />
      {snoozed && (
        <Text size="xs" c="dimmed">
          Snoozed until {dateOrDash(snoozed)}
        </Text>
      )}
    </Stack>
  );
};

/**
 * The household's accounts valued on the chosen date: registration, custodian and masked number, owners,
 * status and review status, the value with the snapshot it comes from. The name opens the account's detail.
 */
export const AccountsTable = ({
  accounts,
  selectedId,
  canWrite,
  canDelete,
  onOpen,
  onEdit,
  onDelete,
  onReview,
  reviewPending,
  today,
  labelledBy,
}: AccountsTableProps) => (
  <Table.ScrollContainer minWidth={780}>
    <Table verticalSpacing="sm" highlightOnHover aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Account</Table.Th>
          <Table.Th>Custodian</Table.Th>
          <Table.Th>Owners</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Review</Table.Th>
          <Table.Th ta="right">Value</Table.Th>
          <RowActionsHeader />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {accounts.map((account) => {
          const selected = account.id === selectedId;
          return (
            <Table.Tr
              key={account.id}
              bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
              aria-current={selected ? 'true' : undefined}
            >
              <Table.Td>
                <Stack gap={2}>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    size="sm"
                    ta="left"
                    onClick={() => onOpen(account)}
                  >
                    {account.registrationName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {account.registrationType?.name ?? 'No registration type'}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{account.custodian}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {account.custodianNumber}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {account.owners.map((owner) => (
                    <Text key={owner.memberId} size="sm">
                      {owner.fullName}{' '}
                      <Text span size="xs" c="dimmed">
                        {ACCOUNT_OWNER_ROLE_LABELS[owner.role]}
                      </Text>
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <AccountStatusBadge status={account.status} />
                  {account.closedOn && (
                    <Text size="xs" c="dimmed">
                      {dateOrDash(account.closedOn)}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <ReviewCell account={account} today={today} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-end">
                  <Group gap={6} wrap="nowrap">
                    {account.unpricedCount > 0 && (
                      <Tooltip label={unpricedText(account.unpricedCount)} multiline w={240}>
                        <IconAlertTriangle
                          size={16}
                          color="var(--mantine-color-orange-8)"
                          role="img"
                          aria-label={unpricedText(account.unpricedCount)}
                          tabIndex={0}
                        />
                      </Tooltip>
                    )}
                    <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(account.marketValue)}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {account.asOf ? `Holdings of ${dateOrDash(account.asOf)}` : 'No holdings yet'}
                  </Text>
                </Stack>
              </Table.Td>
              <RowActionsCell
                name={account.registrationName}
                actions={[
                  { label: 'Open', icon: IconListDetails, onClick: () => onOpen(account) },
                  editAction(() => onEdit(account), canWrite),
                  deleteAction(() => onDelete(account), canDelete),
                ]}
              >
                {canWrite && (
                  <ReviewActionsMenu account={account} onAction={onReview} disabled={reviewPending} />
                )}
              </RowActionsCell>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
