import {
  CASH_FLOW_DIRECTION_LABELS,
  CASH_FLOW_DIRECTIONS,
  CASH_FLOW_SOURCE_LABELS,
  CASH_FLOW_SOURCES,
  CASH_FLOW_TREATMENT_LABELS,
  CASH_FLOW_TREATMENTS,
  type CashFlowRow,
  type CashFlowSummary,
  type ManualCashFlowBody,
} from '@centric/contracts';
import { Group, Paper, Select, SimpleGrid, Skeleton, Text, TextInput } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateCashFlow } from '../api/create-cash-flow.ts';
import { useDeleteCashFlow } from '../api/delete-cash-flow.ts';
import { type CashFlowsExportFormat, useExportCashFlows } from '../api/export-cash-flows.ts';
import { type CashFlowsRequest, useCashFlows } from '../api/list-cash-flows.ts';
import { useCashFlowsParams } from '../hooks/use-cash-flows-params.ts';
import { AddCashFlowModal } from './add-cash-flow-modal.tsx';
import { CashFlowsTable } from './cash-flows-table.tsx';
import { ThresholdCard } from './threshold-card.tsx';

const options = <K extends string>(values: readonly K[], labels: Readonly<Record<K, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));
const DIRECTION_OPTIONS = options(CASH_FLOW_DIRECTIONS, CASH_FLOW_DIRECTION_LABELS);
const SOURCE_OPTIONS = options(CASH_FLOW_SOURCES, CASH_FLOW_SOURCE_LABELS);
const TREATMENT_OPTIONS = options(CASH_FLOW_TREATMENTS, CASH_FLOW_TREATMENT_LABELS);

type CashFlowsListProps = {
  /** cashflows write: add manual flows, change the threshold. */
  canWrite: boolean;
  /** cashflows delete: delete manual flows. */
  canDelete: boolean;
};

/**
 * /billing/cashflows: the deposits and withdrawals of a period (the current quarter until another is chosen),
 * from the accounts' transactions and manual entries, with the figures, how each will be treated, filters,
 * exports, manual flows and the firm's threshold.
 */
export const CashFlowsList = ({ canWrite, canDelete }: CashFlowsListProps) => {
  const { state, update, quarter } = useCashFlowsParams();
  const list = usePagedList(state, update, ['direction', 'source', 'treatment']);
  const request: CashFlowsRequest = {
    ...list.query,
    from: state.from || quarter.from,
    to: state.to || quarter.to,
  };
  const flows = useCashFlows(request);
  const exporter = useExportCashFlows();
  const create = useCreateCashFlow();
  const remove = useDeleteCashFlow();
  const today = useFirmToday();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CashFlowRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const handleExport = (format: CashFlowsExportFormat) => {
    const { page: _page, limit: _limit, ...filters } = request;
    exporter.mutate({ ...filters, format }, { onError: (error) => notifyError(errorMessage(error)) });
  };

  const handleCreate = async (body: ManualCashFlowBody) => {
    const result = await create.mutateAsync(body);
    notifySuccess(result.message);
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        setDeleting(null);
      },
      onError: (error) => setDeleteError(errorMessage(error)),
    });
  };

  const filterSelect = (key: 'direction' | 'source' | 'treatment') => ({
    value: state[key] || null,
    onChange: (value: string | null) => update({ [key]: value ?? '', pageNo: '1' }),
    clearable: true,
    comboboxProps: { withinPortal: true },
  });

  const dateField = (key: 'from' | 'to', label: string) => (
    <TextInput
      aria-label={label}
      type="date"
      value={request[key]}
      onChange={(event) => update({ [key]: event.currentTarget.value, pageNo: '1' })}
      w={160}
    />
  );

  return (
    <>
      <Group justify="flex-end" gap="sm" mt={-8}>
        <ExportButtons
          pending={exporter.isPending ? (exporter.variables?.format ?? null) : null}
          onExport={handleExport}
        />
      </Group>
      <Figures summary={flows.data?.summary} loading={flows.isPending} />
      <ThresholdCard canWrite={canWrite} />
      <PagedList
        list={list}
        query={flows}
        searchBox={{ label: 'Search cash flows', placeholder: 'Account or household' }}
        filters={
          <>
            {dateField('from', 'From')}
            {dateField('to', 'To')}
            <Select
              aria-label="Direction"
              placeholder="All directions"
              data={DIRECTION_OPTIONS}
              w={160}
              {...filterSelect('direction')}
            />
            <Select
              aria-label="Source"
              placeholder="All sources"
              data={SOURCE_OPTIONS}
              w={150}
              {...filterSelect('source')}
            />
            <Select
              aria-label="Treatment"
              placeholder="All treatments"
              data={TREATMENT_OPTIONS}
              w={170}
              {...filterSelect('treatment')}
            />
          </>
        }
        noun={['cash flow', 'cash flows']}
        add={canWrite ? { label: 'Add cash flow', onClick: () => setAdding(true) } : undefined}
        loadingLabel="Loading cash flows..."
        empty={{
          icon: <IconArrowsExchange size={28} aria-hidden="true" />,
          title: 'No cash flows in this period',
          description: `No deposits or withdrawals from ${formatDate(request.from)} to ${formatDate(request.to)}. Choose other dates, or add a flow the transactions do not show.`,
        }}
        noMatch={{
          title: 'No cash flows match',
          description: 'Try another account or household, or clear the filters.',
        }}
      >
        {(items) => (
          <CashFlowsTable
            items={items}
            sort={list.sort}
            onSort={list.handleSort}
            onDelete={
              canDelete
                ? (row) => {
                    setDeleteError(null);
                    setDeleting(row);
                  }
                : undefined
            }
          />
        )}
      </PagedList>
      <AddCashFlowModal
        opened={adding}
        today={today}
        onClose={() => setAdding(false)}
        onSave={handleCreate}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        error={deleteError}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting &&
          `Delete the ${CASH_FLOW_DIRECTION_LABELS[deleting.direction].toLowerCase()} of ${formatMoney(deleting.amount)} on ${formatDate(deleting.date)} from ${deleting.account.registrationName}? Projected fees will no longer count it.`}
      </ConfirmDeleteModal>
    </>
  );
};

type FiguresProps = { summary: CashFlowSummary | undefined; loading: boolean };

/** The list's figures under its filters: deposits, withdrawals and how many flows. */
const Figures = ({ summary, loading }: FiguresProps) => {
  const figures = [
    { label: 'Deposits', value: summary ? formatMoney(summary.deposits) : '' },
    { label: 'Withdrawals', value: summary ? formatMoney(summary.withdrawals) : '' },
    { label: 'Cash flows', value: summary ? String(summary.count) : '' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="dl" m={0}>
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text component="dd" m={0} size="xl" fw={700} ff="monospace">
            {loading ? <Skeleton height={28} width={140} component="span" display="block" /> : figure.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
};
