import { FEE_SCHEDULE_API_MESSAGES, type FeeScheduleItem } from '@centric/contracts';
import { Group, Select, Stack, Text } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListAddButton, ResetFiltersButton } from '../../../components/list-actions.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { sortAfterClick } from '../../../components/sortable-th.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDebouncedSearch } from '../../../lib/use-debounced-search.ts';
import { useDeleteFeeSchedule } from '../api/delete-fee-schedule.ts';
import { useFeeSchedules } from '../api/list-fee-schedules.ts';
import { type FeeSchedulesListState, useFeeSchedulesParams } from '../hooks/use-fee-schedules-params.ts';
import { FeeScheduleEditor, type FeeScheduleRights } from './fee-schedule-editor.tsx';
import { FEE_STRUCTURE_OPTIONS, FEE_TYPE_OPTIONS } from './fee-schedule-form.ts';
import { FeeSchedulesTable } from './fee-schedules-table.tsx';

type FeeSchedulesManagerProps = { rights: FeeScheduleRights };

/** /billing/fee: search, type and structure filters, sortable columns, paging; add, edit or view, delete. */
export const FeeSchedulesManager = ({ rights }: FeeSchedulesManagerProps) => {
  const { state, update } = useFeeSchedulesParams();
  const [search, setSearch] = useDebouncedSearch(state.search, (text) =>
    update({ search: text, pageNo: '1' }),
  );
  const [open, setOpen] = useState<FeeScheduleItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FeeScheduleItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteFeeSchedule();

  const list = useFeeSchedules({
    page: state.page,
    limit: state.limit,
    sortBy: state.sortBy,
    order: state.order,
    search: state.search || undefined,
    type: state.type || undefined,
    structure: state.structure || undefined,
  });

  const total = list.data?.total ?? 0;
  const filtered = state.search !== '' || state.type !== '' || state.structure !== '';

  const handleReset = () => {
    setSearch('');
    update({ search: '', type: '', structure: '', pageNo: '1' });
  };

  const askDelete = (item: FeeScheduleItem) => {
    setDeleteError(null);
    setDeleting(item);
  };

  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message || FEE_SCHEDULE_API_MESSAGES.deleted);
        if (open !== null && open !== 'new' && open.id === deleting.id) setOpen(null);
        closeDelete();
      },
      onError: (error) => {
        // In use (409) or gone: say so where the user is looking, and leave the schedule as it is.
        if (isApiError(error) && (error.status === 409 || error.status === 404)) {
          setDeleteError(error.message);
        } else {
          notifyError(errorMessage(error));
          closeDelete();
        }
      },
    });
  };

  const filterSelect = (
    label: string,
    key: keyof Pick<FeeSchedulesListState, 'type' | 'structure'>,
    data: { value: string; label: string }[],
  ) => (
    <Select
      aria-label={label}
      placeholder={`Any ${label.toLowerCase()}`}
      data={data}
      value={state[key] || null}
      onChange={(value) => update({ [key]: value ?? '', pageNo: '1' })}
      clearable
      w={170}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <SearchBox
            label="Search fee schedules"
            placeholder="Search by name or description"
            value={search}
            onChange={setSearch}
          />
          {filterSelect('Type', 'type', FEE_TYPE_OPTIONS)}
          {filterSelect('Structure', 'structure', FEE_STRUCTURE_OPTIONS)}
          {filtered && <ResetFiltersButton onClick={handleReset} />}
        </Group>
        <Group gap="sm">
          <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
            {list.data ? `${total} ${total === 1 ? 'schedule' : 'schedules'}` : ''}
          </Text>
          {rights.canWrite && <ListAddButton label="Add fee schedule" onClick={() => setOpen('new')} />}
        </Group>
      </Group>

      <ListPanel
        query={list}
        loadingLabel="Loading fee schedules..."
        isEmpty={list.data?.items.length === 0}
        empty={{
          icon: <IconReceipt2 size={28} aria-hidden="true" />,
          title: filtered ? 'No fee schedules match this search' : 'No fee schedules yet',
          description: filtered
            ? 'Try another name, or clear the type and structure filters.'
            : 'A fee schedule sets the tiers and rates an account is billed on.',
          onReset: filtered ? handleReset : undefined,
          add: rights.canWrite ? { label: 'Add fee schedule', onClick: () => setOpen('new') } : undefined,
        }}
      >
        {list.data && (
          <FeeSchedulesTable
            items={list.data.items}
            sort={{ sortBy: state.sortBy, order: state.order }}
            onSort={(column) => update((current) => ({ ...sortAfterClick(current, column), pageNo: '1' }))}
            rights={rights}
            onOpen={setOpen}
            onDelete={askDelete}
          />
        )}
      </ListPanel>

      <ListFooter page={state.page} limit={state.limit} total={total} onChange={update} />

      <FeeScheduleEditor target={open} rights={rights} onClose={() => setOpen(null)} onDelete={askDelete} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        error={deleteError}
        onConfirm={handleDelete}
        onClose={closeDelete}
      >
        Delete the fee schedule {deleting?.name}? This cannot be undone.
      </ConfirmDeleteModal>
    </Stack>
  );
};
