import {
  BILL_KIND_LABELS,
  BILL_KINDS,
  BILL_RUN_STATUS_LABELS,
  BILL_RUN_STATUSES,
  type BillRun,
} from '@centric/contracts';
import { Group, Select, Stack, Text } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ListAddButton, ResetFiltersButton } from '../../../components/list-actions.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { usePagedList } from '../../../components/paged-list.tsx';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { type BillRunsRequest, useBillRuns } from '../api/list-bill-runs.ts';
import { useBillRunsParams } from '../hooks/use-bill-runs-params.ts';
import { BillRunFormModal } from './bill-run-form-modal.tsx';
import { BillRunsTable } from './bill-runs-table.tsx';

const KIND_OPTIONS = BILL_KINDS.map((value) => ({ value, label: BILL_KIND_LABELS[value] }));
const STATUS_OPTIONS = BILL_RUN_STATUSES.map((value) => ({ value, label: BILL_RUN_STATUS_LABELS[value] }));

type BillRunsListProps = {
  /** billingInstances write: start a bill run. */
  canWrite: boolean;
  /** A run was started: the screen opens its page. */
  onCreated: (run: BillRun) => void;
  /**
   * More buttons beside "New bill run" (Billing settings, features/billing-settings: composed by the route, as
   * features never import each other).
   */
  actions?: ReactNode;
};

/**
 * `/billing/billingInstances`: the bill runs (billing instances), newest first, with their scope, period,
 * status and stage, progress, bills and total; kind and status narrow the list, the columns sort it; "New
 * bill run" starts one.
 */
export const BillRunsList = ({ canWrite, onCreated, actions }: BillRunsListProps) => {
  const { state, update } = useBillRunsParams();
  const list = usePagedList(state, update, ['kind', 'status']);
  const { search: _search, ...request } = list.query;
  const runs = useBillRuns(request satisfies BillRunsRequest);
  const today = useFirmToday();
  const [adding, setAdding] = useState(false);
  const total = runs.data?.total ?? 0;
  const add = canWrite ? { label: 'New bill run', onClick: () => setAdding(true) } : undefined;

  const filterSelect = (key: 'kind' | 'status') => ({
    value: state[key] || null,
    onChange: (value: string | null) => update({ [key]: value ?? '', pageNo: '1' }),
    clearable: true,
    comboboxProps: { withinPortal: true },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="Kind"
            placeholder="All kinds"
            data={KIND_OPTIONS}
            w={170}
            {...filterSelect('kind')}
          />
          <Select
            aria-label="Status"
            placeholder="All statuses"
            data={STATUS_OPTIONS}
            w={170}
            {...filterSelect('status')}
          />
          {list.filtered && <ResetFiltersButton onClick={list.handleReset} />}
        </Group>
        <Group gap="sm">
          <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
            {runs.data ? `${total} ${total === 1 ? 'bill run' : 'bill runs'}` : ''}
          </Text>
          {actions}
          {add && <ListAddButton label={add.label} onClick={add.onClick} />}
        </Group>
      </Group>
      <ListPanel
        query={runs}
        loadingLabel={<ListSkeleton label="Loading bill runs..." />}
        isEmpty={runs.data?.items.length === 0}
        empty={{
          icon: <IconReceipt2 size={28} aria-hidden="true" />,
          ...(list.filtered
            ? {
                title: 'No bill runs match',
                description: 'Try another kind or status, or clear the filters.',
                onReset: list.handleReset,
              }
            : {
                title: 'No bill runs yet',
                description:
                  'A bill run bills the units of a scope for one period: a forecast to preview the fees, or the live bills to collect.',
                add,
              }),
        }}
      >
        {runs.data && <BillRunsTable items={runs.data.items} sort={list.sort} onSort={list.handleSort} />}
      </ListPanel>
      <ListFooter page={state.page} limit={state.limit} total={total} onChange={update} />
      <BillRunFormModal
        opened={adding}
        today={today}
        onClose={() => setAdding(false)}
        onCreated={(run) => {
          setAdding(false);
          onCreated(run);
        }}
      />
    </Stack>
  );
};
