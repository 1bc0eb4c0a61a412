import type { AccountValue, ClientDetail } from '@centric/contracts';
import { Grid, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListAddButton } from '../../../components/list-actions.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { formatMoney } from '../../../lib/money.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { useRecordActions } from '../../../lib/use-record-actions.ts';
import { useManagedAccounts } from '../api/get-managed-accounts.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { AccountDrawer } from './account-drawer.tsx';
import { AccountFormModal } from './account-form-modal.tsx';
import { AccountsTable } from './accounts-table.tsx';
import { AllocationChart } from './allocation-chart.tsx';
import { dateOrDash } from './figures.ts';
import { useReviewActions } from './review-actions.tsx';
import { StrategySection } from './strategy-section.tsx';
import { TransactionList } from './transaction-list.tsx';
import { ValueChart } from './value-chart.tsx';

/** A chart's bordered section with its heading. */
const ChartCard = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <Paper withBorder radius="lg" p="lg" h="100%" component="section" aria-labelledby={id}>
      <Title order={2} size="h5" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
};

/**
 * The household's Managed Accounts tab (`?tab=managed_accounts`, issue 13 §5): its managed assets on a
 * chosen date (today by default; any past date values everything again), the value over the last year and
 * the allocation by asset class, the accounts with their values (one opens its holdings, value and
 * transactions beside), and the household's transactions.
 */
export const ManagedAccountsTab = ({ detail }: { detail: ClientDetail }) => {
  const { clientId } = detail;
  const today = useFirmToday();
  const canWrite = usePermission('managedAccounts', 'write');
  const canDelete = usePermission('managedAccounts', 'delete');
  const [date, setDate] = useState('');
  // An empty or half-typed date values on today.
  const valuationDate = date && date <= today ? date : today;
  const valuation = useManagedAccounts(clientId, valuationDate);
  const [openId, setOpenId] = useState<string | null>(null);
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } =
    useRecordActions<AccountValue>(useDeleteAccount(clientId));
  const review = useReviewActions(clientId);
  const headingId = useId();
  const accounts = valuation.data?.accounts ?? [];
  const open = accounts.find((account) => account.id === openId) ?? null;
  const dateLabel = dateOrDash(valuationDate);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={`${headingId}-total`}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Text size="sm" c="dimmed" id={`${headingId}-total`}>
              Managed assets on {dateLabel}
            </Text>
            {valuation.data ? (
              <Group gap="md" align="baseline">
                <Text
                  fz={32}
                  fw={700}
                  lh={1.1}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                  aria-live="polite"
                >
                  {formatMoney(valuation.data.totalValue)}
                </Text>
                <Text size="sm" c="dimmed">
                  {accounts.length} account{accounts.length === 1 ? '' : 's'}
                </Text>
              </Group>
            ) : (
              <Skeleton h={36} w={220} radius="sm" />
            )}
          </Stack>
          <Group gap="sm" align="flex-end">
            <TextInput
              type="date"
              label="Value on"
              value={date || today}
              max={today}
              onChange={(event) => setDate(event.currentTarget.value)}
              error={date > today ? 'Choose today or a past date.' : undefined}
              w={170}
            />
            {canWrite && <ListAddButton label="Add account" onClick={() => setEditing('new')} />}
          </Group>
        </Group>
      </Paper>

      {accounts.length > 0 && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <ChartCard title="Value over the last 12 months">
              <ValueChart owner={{ clientId, accountId: null }} caption="Household value at each month end" />
            </ChartCard>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <ChartCard title="Allocation by asset class">
              <AllocationChart rows={valuation.data?.allocation ?? []} dateLabel={dateLabel} />
            </ChartCard>
          </Grid.Col>
        </Grid>
      )}

      <Stack gap="sm" component="section" aria-labelledby={`${headingId}-accounts`}>
        <Title order={2} size="h4" id={`${headingId}-accounts`}>
          Accounts
        </Title>
        <ListPanel
          query={valuation}
          loadingLabel={<ListSkeleton label="Loading accounts..." rows={3} />}
          isEmpty={accounts.length === 0}
          empty={{
            icon: <IconBuildingBank size={28} aria-hidden="true" />,
            title: 'No managed accounts yet',
            description: canWrite
              ? "Add the household's first account: its registration, custodian and owners. Holdings and transactions follow."
              : 'This household has no managed accounts.',
            ...(canWrite ? { add: { label: 'Add account', onClick: () => setEditing('new') } } : {}),
          }}
        >
          <AccountsTable
            accounts={accounts}
            selectedId={open?.id ?? null}
            canWrite={canWrite}
            canDelete={canDelete}
            onOpen={(account) => setOpenId(account.id)}
            onEdit={setEditing}
            onDelete={setDeleting}
            onReview={review.run}
            reviewPending={review.pending}
            today={today}
            labelledBy={`${headingId}-accounts`}
          />
        </ListPanel>
      </Stack>

      {valuation.data && (
        <StrategySection
          clientId={clientId}
          accounts={accounts}
          date={valuationDate}
          dateLabel={dateLabel}
          canWrite={canWrite}
          canDelete={canDelete}
        />
      )}

      {accounts.length > 0 && (
        <TransactionList
          clientId={clientId}
          accounts={accounts}
          canWrite={canWrite}
          canDelete={canDelete}
          today={today}
        />
      )}

      <AccountDrawer
        clientId={clientId}
        account={open}
        accounts={accounts}
        date={valuationDate}
        today={today}
        canWrite={canWrite}
        canDelete={canDelete}
        onReview={review.run}
        reviewPending={review.pending}
        onClose={() => setOpenId(null)}
      />
      {review.snoozeModal}
      <AccountFormModal
        clientId={clientId}
        members={detail.members}
        target={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={deletePending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        Are you sure you want to delete the account &quot;{deleting?.registrationName}&quot;?
      </ConfirmDeleteModal>
    </Stack>
  );
};
