import {
  BILLING_ACCOUNT_MISSING,
  BILLING_ACCOUNT_MISSING_LABELS,
  BILLING_SETUP_MESSAGES,
  PAY_METHOD_LABELS,
  PAY_METHODS,
  type BillingAccountsExportQuery,
} from '@centric/contracts';
import { Button, CloseButton, Group, Paper, Select, Text } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypeXls, IconReceipt, IconReportMoney } from '@tabler/icons-react';
import { useState } from 'react';
import { IconLabelButton } from '../../../components/icon-label-button.tsx';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { useAssignFeeSchedule } from '../api/assign-fee-schedule.ts';
import { useExportBillingAccounts } from '../api/export-billing-accounts.ts';
import { useFeeScheduleOptions } from '../api/fee-schedule-options.ts';
import { useBillingAccounts } from '../api/list-billing-accounts.ts';
import { useBillingAccountsParams } from '../hooks/use-billing-accounts-params.ts';
import { AssignScheduleModal } from './assign-schedule-modal.tsx';
import { BillingAccountsTable } from './billing-accounts-table.tsx';

const STATUS_OPTIONS = [
  { value: 'OPEN', label: 'Open accounts' },
  { value: 'CLOSED', label: 'Closed accounts' },
  { value: 'ALL', label: 'All accounts' },
];
const MISSING_OPTIONS = BILLING_ACCOUNT_MISSING.map((value) => ({
  value,
  label: BILLING_ACCOUNT_MISSING_LABELS[value],
}));
const PAY_METHOD_OPTIONS = PAY_METHODS.map((value) => ({ value, label: PAY_METHOD_LABELS[value] }));

const EXPORTS = [
  { format: 'csv', label: 'Export CSV', Icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'Export XLSX', Icon: IconFileTypeXls },
] as const satisfies readonly {
  format: BillingAccountsExportQuery['format'];
  label: string;
  Icon: typeof IconFileTypeCsv;
}[];

type BillingAccountsListProps = {
  /** billingAccounts write: choose accounts and assign them a fee schedule. */
  canWrite: boolean;
};

/**
 * /billing/accounts: every account's fee setting, searched (account, household, last 4 digits), filtered by
 * status, what the setup is missing, pay method and fee schedule, sorted and paged in the URL; exports; with
 * write rights, the accounts of a page chosen for one fee schedule at once.
 */
export const BillingAccountsList = ({ canWrite }: BillingAccountsListProps) => {
  const { state, update } = useBillingAccountsParams();
  const list = usePagedList(state, update, ['status', 'missing', 'payMethod', 'feeScheduleId']);
  const accounts = useBillingAccounts(list.query);
  const schedules = useFeeScheduleOptions();
  const exporter = useExportBillingAccounts();
  const assign = useAssignFeeSchedule();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [assigning, setAssigning] = useState<readonly string[] | null>(null);

  // Only what the page shows stays chosen (another page or filter shows other accounts).
  const chosen = (accounts.data?.items ?? []).filter((item) => selected.has(item.accountId));

  const handleSelect = (ids: readonly string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const handleAssign = async (feeScheduleId: string) => {
    if (!assigning) return;
    const result = await assign.mutateAsync({ accountIds: [...assigning], feeScheduleId });
    const message = result.message || BILLING_SETUP_MESSAGES.scheduleAssigned(result.changed);
    if (result.changed > 0) notifySuccess(message);
    else notifyInfo(message);
    setSelected(new Set());
  };

  const handleExport = (format: BillingAccountsExportQuery['format']) => {
    const { sortBy, order, search, status, missing, payMethod, feeScheduleId } = list.query;
    exporter.mutate(
      { format, sortBy, order, search, status, missing, payMethod, feeScheduleId },
      { onError: (error) => notifyError(errorMessage(error)) },
    );
  };

  const filterSelect = (key: 'missing' | 'payMethod' | 'feeScheduleId') => ({
    value: state[key] || null,
    onChange: (value: string | null) => update({ [key]: value ?? '', pageNo: '1' }),
    clearable: true,
    comboboxProps: { withinPortal: true },
  });

  return (
    <>
      <Group justify="flex-end" gap="sm" mt={-8}>
        {EXPORTS.map(({ format, label, Icon }) => (
          <IconLabelButton
            key={format}
            label={label}
            icon={Icon}
            labelFrom="lg"
            variant="default"
            loading={exporter.isPending && exporter.variables?.format === format}
            onClick={() => handleExport(format)}
          />
        ))}
      </Group>
      <PagedList
        list={list}
        query={accounts}
        searchBox={{ label: 'Search accounts', placeholder: 'Account, household or last 4 digits' }}
        filters={
          <>
            <Select
              aria-label="Status"
              data={STATUS_OPTIONS}
              value={state.status || 'OPEN'}
              onChange={(value) => update({ status: value && value !== 'OPEN' ? value : '', pageNo: '1' })}
              allowDeselect={false}
              w={170}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label="Missing"
              placeholder="Missing anything"
              data={MISSING_OPTIONS}
              w={250}
              {...filterSelect('missing')}
            />
            <Select
              aria-label="Pay method"
              placeholder="All pay methods"
              data={PAY_METHOD_OPTIONS}
              w={190}
              {...filterSelect('payMethod')}
            />
            <Select
              aria-label="Fee schedule"
              placeholder="All fee schedules"
              data={schedules.data ?? []}
              searchable
              w={220}
              {...filterSelect('feeScheduleId')}
            />
          </>
        }
        noun={['account', 'accounts']}
        loadingLabel="Loading accounts..."
        empty={{
          icon: <IconReceipt size={28} aria-hidden="true" />,
          title: 'No open accounts yet',
          description:
            "Accounts appear here once households have them, each with the fee setting it's billed on.",
        }}
        noMatch={{
          title: 'No accounts match',
          description: 'Try another account, household or number, or clear the filters.',
        }}
      >
        {(items) => (
          <>
            {canWrite && chosen.length > 0 && (
              <BulkBar
                count={chosen.length}
                onAssign={() => setAssigning(chosen.map((item) => item.accountId))}
                onClear={() => setSelected(new Set())}
              />
            )}
            <BillingAccountsTable
              items={items}
              sort={list.sort}
              onSort={list.handleSort}
              selected={selected}
              onSelect={canWrite ? handleSelect : undefined}
            />
          </>
        )}
      </PagedList>
      <AssignScheduleModal
        count={assigning ? assigning.length : null}
        onClose={() => setAssigning(null)}
        onAssign={handleAssign}
      />
    </>
  );
};

type BulkBarProps = { count: number; onAssign: () => void; onClear: () => void };

/** Above the table while accounts are chosen: how many, assigning a fee schedule, and clearing the choice. */
const BulkBar = ({ count, onAssign, onClear }: BulkBarProps) => (
  <Paper
    radius={0}
    px="md"
    py="xs"
    bg="var(--mantine-primary-color-light)"
    role="toolbar"
    aria-label="Actions on the chosen accounts"
  >
    <Group justify="space-between" gap="sm">
      <Group gap={6}>
        <CloseButton size="sm" aria-label="Clear the selection" onClick={onClear} />
        <Text size="sm" fw={600} role="status">
          {count} {count === 1 ? 'account' : 'accounts'} selected
        </Text>
      </Group>
      <Button size="xs" leftSection={<IconReportMoney size={14} aria-hidden="true" />} onClick={onAssign}>
        Assign fee schedule…
      </Button>
    </Group>
  </Paper>
);
