import {
  RECEIVABLE_CHILD_TAB_LABELS,
  RECEIVABLE_CHILD_TABS,
  RECEIVABLE_TAB_LABELS,
  RECEIVABLE_TABS,
  RECEIVABLE_VIEW_BY_LABELS,
  RECEIVABLE_VIEW_BYS,
  type Receivable,
  type ReceivableChildTab,
  type ReceivableRow,
  type ReceivableViewBy,
} from '@centric/contracts';
import { Badge, Group, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { IconPigMoney } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { FilterBadge } from '../../../components/filter-badge.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ExportButtons, type ExportFormat } from '../../../components/export-buttons.tsx';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteReceivable } from '../api/delete-receivable.ts';
import { useExportReceivables } from '../api/export-receivables.ts';
import { useReceivableCharts } from '../api/get-receivable-charts.ts';
import { useReceivablesHeader } from '../api/get-receivables-header.ts';
import { type ReceivablesRequest, useReceivables } from '../api/list-receivables.ts';
import { useReceivablesParams } from '../hooks/use-receivables-params.ts';
import { type PaymentTarget, PaymentModal } from './payment-modal.tsx';
import { ReceivableDrawer } from './receivable-drawer.tsx';
import { ReceivableFormModal } from './receivable-form-modal.tsx';
import { ReceivablesCharts } from './receivables-charts.tsx';
import { ReceivablesFigures } from './receivables-figures.tsx';
import { ReconciliationView } from './reconciliation-view.tsx';
import { groupHeaderOf, ReceivablesTable } from './receivables-table.tsx';

const VIEW_OPTIONS = RECEIVABLE_VIEW_BYS.map((value) => ({ value, label: RECEIVABLE_VIEW_BY_LABELS[value] }));

const EMPTY: Readonly<Record<ReceivableChildTab, { title: string; description: string }>> = {
  projected: {
    title: 'Nothing projected',
    description: 'No payment is expected from today on. Add a receivable to build its schedule.',
  },
  pastDue: {
    title: 'Nothing past due',
    description: 'Every payment due before today is received or written off.',
  },
  received: { title: 'Nothing received yet', description: 'Payments marked received show here.' },
  originals: {
    title: 'No receivables yet',
    description:
      'Add the commission income a carrier owes: product, provider, amount per payment and schedule.',
  },
};

type ReceivablesViewProps = { canWrite: boolean; canDelete: boolean };

/**
 * /billing/receivables (spec §2, issue 16): Total Receivables (below) and Reconciliation (carrier statements,
 * issue 16 §2), each tab with its child tabs in the URL.
 */
export const ReceivablesView = ({ canWrite, canDelete }: ReceivablesViewProps) => {
  const { state, update } = useReceivablesParams();
  return (
    <Tabs
      value={state.tab}
      variant="outline"
      keepMounted={false}
      onChange={(value) =>
        value &&
        update({
          tab: value,
          childTab: value === 'reconciliation' ? 'differences' : 'projected',
          pageNo: '1',
          sortBy: 'group',
          order: 'ASC',
          search: '',
          groupId: '',
          receivable: '',
          status: '',
          flag: '',
          providerId: '',
          importId: '',
        })
      }
    >
      <Tabs.List aria-label="Receivables">
        {RECEIVABLE_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab} fw={600}>
            {RECEIVABLE_TAB_LABELS[tab]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="totalReceivables" pt="lg">
        <TotalReceivablesView canWrite={canWrite} canDelete={canDelete} />
      </Tabs.Panel>
      <Tabs.Panel value="reconciliation" pt="lg">
        <ReconciliationView canWrite={canWrite} />
      </Tabs.Panel>
    </Tabs>
  );
};

/**
 * Total Receivables (spec §2, issue 16 §1): the header totals, the two charts, and Total Receivables with its
 * child tabs (projected, past due, received, originals) by product, provider, advisor or household; the
 * receivable form, its schedule beside the list, and the payments' actions.
 */
const TotalReceivablesView = ({ canWrite, canDelete }: ReceivablesViewProps) => {
  const { state, update } = useReceivablesParams();
  const list = usePagedList(state, update, ['groupId']);
  const request: ReceivablesRequest = {
    childTab: state.childTab,
    viewBy: state.viewBy,
    page: list.query.page,
    limit: list.query.limit,
    sortBy: list.query.sortBy,
    order: list.query.order,
    search: list.query.search,
    groupId: list.query.groupId,
  };
  const rows = useReceivables(request);
  const header = useReceivablesHeader();
  const charts = useReceivableCharts(state.viewBy);
  const exporter = useExportReceivables();
  const remove = useDeleteReceivable();
  const today = useFirmToday();
  const viewLabelId = useId();
  const [editing, setEditing] = useState<Receivable | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Receivable | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentTarget | null>(null);
  const [groupName, setGroupName] = useState('');

  const open = (receivableId: string) => update({ receivable: receivableId }, { replace: false });

  const handleExport = (format: ExportFormat) => {
    const { page: _page, limit: _limit, ...filters } = request;
    exporter.mutate({ ...filters, format }, { onError: (error) => notifyError(errorMessage(error)) });
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setDeleting(null);
        update({ receivable: '' });
      },
      onError: (error) => setDeleteError(errorMessage(error)),
    });
  };

  const paymentOf = (kind: 'receive' | 'writeOff') => (row: ReceivableRow) =>
    row.paymentId &&
    setPayment({
      kind,
      receivableId: row.receivableId,
      paymentId: row.paymentId,
      dueDate: row.date,
      amount: row.amount,
      name: `The ${row.product.name} payment of ${row.household.name}`,
    });

  return (
    <Stack gap="lg">
      {header.isError ? (
        <ErrorState
          title="The totals could not be loaded"
          message={errorMessage(header.error)}
          onRetry={() => void header.refetch()}
          retrying={header.isFetching}
        />
      ) : (
        <ReceivablesFigures header={header.data} loading={header.isPending} />
      )}
      {charts.isError ? (
        <ErrorState
          title="The charts could not be loaded"
          message={errorMessage(charts.error)}
          onRetry={() => void charts.refetch()}
          retrying={charts.isFetching}
        />
      ) : (
        <ReceivablesCharts charts={charts.data} loading={charts.isPending} />
      )}

      <Tabs
        value={state.childTab}
        keepMounted={false}
        onChange={(value) => value && update({ childTab: value, pageNo: '1', sortBy: 'group', order: 'ASC' })}
      >
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Tabs.List aria-label="Total receivables">
            {RECEIVABLE_CHILD_TABS.map((tab) => (
              <Tabs.Tab
                key={tab}
                value={tab}
                rightSection={
                  tab === 'pastDue' && header.data && header.data.pastDueCount > 0 ? (
                    <Badge size="sm" color="red.9" variant="filled" circle={header.data.pastDueCount < 10}>
                      {header.data.pastDueCount}
                    </Badge>
                  ) : undefined
                }
              >
                {RECEIVABLE_CHILD_TAB_LABELS[tab]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Group gap="sm" pb={6}>
            <Text size="sm" fw={500} id={viewLabelId}>
              View by
            </Text>
            <SegmentedControl
              aria-labelledby={viewLabelId}
              size="xs"
              data={VIEW_OPTIONS}
              value={state.viewBy}
              onChange={(value) => {
                setGroupName('');
                update({ viewBy: value as ReceivableViewBy, groupId: '', pageNo: '1' });
              }}
            />
            <ExportButtons
              pending={exporter.isPending ? (exporter.variables?.format ?? null) : null}
              onExport={handleExport}
            />
          </Group>
        </Group>
        {RECEIVABLE_CHILD_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <PagedList
              list={list}
              query={rows}
              searchBox={{ label: 'Search receivables', placeholder: 'Household, holder, policy, product' }}
              filters={
                state.groupId !== '' && (
                  <FilterBadge
                    clearLabel={`Show every ${groupHeaderOf(state.viewBy).toLowerCase()}`}
                    onClear={() => {
                      setGroupName('');
                      update({ groupId: '', pageNo: '1' });
                    }}
                  >
                    {groupHeaderOf(state.viewBy)}: {groupName || 'one'}
                  </FilterBadge>
                )
              }
              noun={tab === 'originals' ? ['receivable', 'receivables'] : ['payment', 'payments']}
              add={canWrite ? { label: 'Add receivable', onClick: () => setEditing('new') } : undefined}
              loadingLabel="Loading receivables..."
              empty={{ icon: <IconPigMoney size={28} aria-hidden="true" />, ...EMPTY[tab] }}
              noMatch={{
                title: 'No receivables match',
                description: 'Try another household, holder, policy or product, or clear the filters.',
              }}
            >
              {(items) => (
                <ReceivablesTable
                  items={items}
                  childTab={tab}
                  viewBy={state.viewBy}
                  sort={list.sort}
                  onSort={list.handleSort}
                  onOpen={(row) => open(row.receivableId)}
                  onGroup={(row) => {
                    setGroupName(row.group.name);
                    update({ groupId: row.group.id ?? '', pageNo: '1' });
                  }}
                  onReceive={canWrite ? paymentOf('receive') : undefined}
                  onWriteOff={canWrite ? paymentOf('writeOff') : undefined}
                />
              )}
            </PagedList>
          </Tabs.Panel>
        ))}
      </Tabs>

      <ReceivableDrawer
        id={state.receivable}
        canWrite={canWrite}
        canDelete={canDelete}
        onClose={() => update({ receivable: '' })}
        onEdit={(receivable) => setEditing(receivable)}
        onDelete={(receivable) => {
          setDeleteError(null);
          setDeleting(receivable);
        }}
        onPayment={setPayment}
      />
      <ReceivableFormModal
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(receivable) => open(receivable.id)}
      />
      <PaymentModal target={payment} today={today} onClose={() => setPayment(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        error={deleteError}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting &&
          `Delete the ${deleting.product.name} receivable of ${deleting.household.name} with its splits and its ${deleting.payments.length} scheduled payments?`}
      </ConfirmDeleteModal>
    </Stack>
  );
};
