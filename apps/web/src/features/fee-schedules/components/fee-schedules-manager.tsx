import { FEE_SCHEDULE_API_MESSAGES, type FeeScheduleItem } from '@centric/contracts';
import { Select } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
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
  const list = usePagedList(state, update, ['type', 'structure']);
  const schedules = useFeeSchedules(list.query);
  const [open, setOpen] = useState<FeeScheduleItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FeeScheduleItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteFeeSchedule();

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
    <>
      <PagedList
        list={list}
        query={schedules}
        searchBox={{ label: 'Search fee schedules', placeholder: 'Search by name or description' }}
        filters={
          <>
            {filterSelect('Type', 'type', FEE_TYPE_OPTIONS)}
            {filterSelect('Structure', 'structure', FEE_STRUCTURE_OPTIONS)}
          </>
        }
        noun={['schedule', 'schedules']}
        add={rights.canWrite ? { label: 'Add fee schedule', onClick: () => setOpen('new') } : undefined}
        loadingLabel="Loading fee schedules..."
        empty={{
          icon: <IconReceipt2 size={28} aria-hidden="true" />,
          title: 'No fee schedules yet',
          description: 'A fee schedule sets the tiers and rates an account is billed on.',
        }}
        noMatch={{
          title: 'No fee schedules match this search',
          description: 'Try another name, or clear the type and structure filters.',
        }}
      >
        {(items) => (
          <FeeSchedulesTable
            items={items}
            sort={list.sort}
            onSort={list.handleSort}
            rights={rights}
            onOpen={setOpen}
            onDelete={askDelete}
          />
        )}
      </PagedList>

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
    </>
  );
};
