import type { AccountValue, Position } from '@centric/contracts';
import { Button, Divider, Drawer, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { useRecordActions } from '../../../lib/use-record-actions.ts';
import { useHoldings } from '../api/get-holdings.ts';
import { useDeleteHoldings } from '../api/save-holdings.ts';
import { AccountStatusBadge, ReviewStatusBadge } from './account-badges.tsx';
import { dateOrDash } from './figures.ts';
import { HoldingsEditorModal } from './holdings-editor-modal.tsx';
import { HoldingsTable } from './holdings-table.tsx';
import { ReviewPanel, type RunReviewAction } from './review-actions.tsx';
import { TransactionList } from './transaction-list.tsx';
import { ValueChart } from './value-chart.tsx';

type AccountDrawerProps = {
  clientId: string;
  /** The open account (null: closed). */
  account: AccountValue | null;
  accounts: readonly AccountValue[];
  /** The tab's valuation date: the holdings shown by default. */
  date: string;
  today: string;
  canWrite: boolean;
  canDelete: boolean;
  /** A review action on the account (the buttons show those its status allows). */
  onReview: RunReviewAction;
  reviewPending: boolean;
  onClose: () => void;
};

/** An account's detail beside the tab: its holdings by snapshot, its value over the year, its transactions. */
export const AccountDrawer = ({ account, onClose, ...props }: AccountDrawerProps) => (
  <Drawer
    opened={account !== null}
    onClose={onClose}
    position="right"
    size={920}
    title={
      account && (
        <Stack gap={2}>
          <Title order={2} size="h4">
            {account.registrationName}
          </Title>
          <Text size="sm" c="dimmed">
            {[account.registrationType?.name, `${account.custodian} ${account.custodianNumber}`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      )
    }
    closeButtonProps={{ 'aria-label': 'Close account details' }}
  >
    {account && <AccountDetail key={account.id} account={account} {...props} />}
  </Drawer>
);

const AccountDetail = ({
  clientId,
  account,
  accounts,
  date,
  today,
  canWrite,
  canDelete,
  onReview,
  reviewPending,
}: Omit<AccountDrawerProps, 'account' | 'onClose'> & { account: AccountValue }) => {
  // A snapshot picked in the list (while it exists), or the tab's date: the holdings shown are those held then.
  const [picked, setPicked] = useState<string | null>(null);
  const holdings = useHoldings(clientId, account.id, picked ?? date);
  const snapshots = holdings.data?.snapshots ?? [];
  const snapshot = picked && (!holdings.data || snapshots.includes(picked)) ? picked : null;
  const viewDate = snapshot ?? date;
  const asOf = holdings.data?.asOf ?? null;
  const [editing, setEditing] = useState<{ asOf: string; positions: readonly Position[] } | null>(null);
  // The snapshot waiting for its delete confirmation, by its date.
  const snapshotDelete = useRecordActions<{ id: string }>(useDeleteHoldings(clientId, account.id));

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <AccountStatusBadge status={account.status} />
        <Text size="sm" c="dimmed">
          Started {dateOrDash(account.startDate)}
          {account.closedOn ? `, closed ${dateOrDash(account.closedOn)}` : ''}
          {account.accountObjective ? ` · ${account.accountObjective.name}` : ''}
        </Text>
      </Group>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`review-${account.id}`}>
        <Group gap="sm" mb="xs">
          <Title order={3} size="h5" id={`review-${account.id}`}>
            Bookkeeping review
          </Title>
          <ReviewStatusBadge account={account} />
        </Group>
        <ReviewPanel
          account={account}
          today={today}
          canWrite={canWrite}
          pending={reviewPending}
          onAction={onReview}
        />
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby={`holdings-${account.id}`}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={3} size="h5" id={`holdings-${account.id}`}>
              Holdings
            </Title>
            <Text size="sm" c="dimmed">
              {asOf
                ? `Held on ${dateOrDash(asOf)}, priced on ${dateOrDash(viewDate)}: ${formatMoney(holdings.data?.marketValue)}`
                : holdings.data
                  ? `No holdings on or before ${dateOrDash(viewDate)}.`
                  : ' '}
            </Text>
          </Stack>
          <Group gap="sm" align="flex-end">
            <Select
              size="xs"
              label="Snapshot"
              placeholder={`Latest on ${dateOrDash(date)}`}
              data={snapshots.map((d) => ({ value: d, label: dateOrDash(d) }))}
              value={snapshot}
              onChange={setPicked}
              clearable
              disabled={snapshots.length === 0}
              w={180}
              comboboxProps={{ withinPortal: true }}
            />
            {canWrite && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} aria-hidden="true" />}
                disabled={!holdings.data}
                onClick={() => setEditing({ asOf: asOf ?? today, positions: holdings.data?.positions ?? [] })}
              >
                Edit holdings
              </Button>
            )}
            {canDelete && asOf && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                c="red.9"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                onClick={() => snapshotDelete.setDeleting({ id: asOf })}
              >
                Delete snapshot
              </Button>
            )}
          </Group>
        </Group>
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <QueryState query={holdings} loading={<ListSkeleton label="Loading holdings..." rows={3} />}>
            {(data) =>
              data.positions.length === 0 ? (
                <Stack align="center" gap={4} py="lg" px="md">
                  <IconListDetails size={24} aria-hidden="true" color="var(--mantine-color-gray-6)" />
                  <Text size="sm" fw={600}>
                    No holdings
                  </Text>
                  <Text size="sm" c="dimmed" ta="center">
                    {canWrite
                      ? 'Use Edit holdings to enter what the account held on a date.'
                      : 'Nothing is recorded as held on this date.'}
                  </Text>
                </Stack>
              ) : (
                <HoldingsTable
                  holdings={data}
                  caption={`Holdings of ${account.registrationName} on ${dateOrDash(data.asOf)}`}
                />
              )
            }
          </QueryState>
        </Paper>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby={`value-${account.id}`}>
        <Title order={3} size="h5" id={`value-${account.id}`}>
          Value over the last 12 months
        </Title>
        <ValueChart
          owner={{ clientId, accountId: account.id }}
          caption={`Value of ${account.registrationName} at each month end`}
          height={180}
        />
      </Stack>

      <Divider />
      <TransactionList
        clientId={clientId}
        accounts={accounts}
        account={account}
        canWrite={canWrite}
        canDelete={canDelete}
        today={today}
        headingOrder={3}
      />

      <HoldingsEditorModal
        clientId={clientId}
        accountId={account.id}
        accountName={account.registrationName}
        start={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        opened={snapshotDelete.deleting !== null}
        loading={snapshotDelete.deletePending}
        onConfirm={snapshotDelete.confirmDelete}
        onClose={() => snapshotDelete.setDeleting(null)}
      >
        Are you sure you want to delete the holdings of {account.registrationName} on{' '}
        {dateOrDash(snapshotDelete.deleting?.id)}?
      </ConfirmDeleteModal>
    </Stack>
  );
};
