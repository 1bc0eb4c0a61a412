import {
  CLIENT_API_MESSAGES,
  OTHER_PROFESSIONAL_TYPE_SUGGESTIONS,
  type OtherProfessionalItem,
} from '@centric/contracts';
import { Group, Select, Stack, Text } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListAddButton, ResetFiltersButton } from '../../../components/list-actions.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { sortAfterClick } from '../../../components/sortable-th.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDebouncedSearch } from '../../../lib/use-debounced-search.ts';
import { useDeleteOtherProfessional } from '../api/delete-other-professional.ts';
import { useOtherProfessionals } from '../api/list-other-professionals.ts';
import { useOtherProfessionalsParams } from '../hooks/use-other-professionals-params.ts';
import { OtherProfessionalFormModal } from './other-professional-form-modal.tsx';
import { type ProfessionalRights, OtherProfessionalsTable } from './other-professionals-table.tsx';

type OtherProfessionalsManagerProps = { rights: ProfessionalRights };

/** /otherProfessionals: search, type filter, sortable columns, paging; add, edit, delete, link households. */
export const OtherProfessionalsManager = ({ rights }: OtherProfessionalsManagerProps) => {
  const { state, update } = useOtherProfessionalsParams();
  const [search, setSearch] = useDebouncedSearch(state.search, (text) =>
    update({ search: text, pageNo: '1' }),
  );
  const [editing, setEditing] = useState<OtherProfessionalItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OtherProfessionalItem | null>(null);
  const remove = useDeleteOtherProfessional();

  const list = useOtherProfessionals({
    page: state.page,
    limit: state.limit,
    sortBy: state.sortBy,
    order: state.order,
    search: state.search || undefined,
    type: state.type || undefined,
  });

  const total = list.data?.total ?? 0;
  const filtered = state.search !== '' || state.type !== '';

  const handleReset = () => {
    setSearch('');
    update({ search: '', type: '', pageNo: '1' });
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message || CLIENT_API_MESSAGES.professionalDeleted);
        setDeleting(null);
      },
      onError: (error) => {
        notifyError(errorMessage(error));
        setDeleting(null);
      },
    });
  };

  const typeOptions = [
    ...new Set([...OTHER_PROFESSIONAL_TYPE_SUGGESTIONS, ...(state.type ? [state.type] : [])]),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <SearchBox
            label="Search other professionals"
            placeholder="Search by name, email or type"
            value={search}
            onChange={setSearch}
          />
          <Select
            aria-label="Type"
            placeholder="All types"
            data={typeOptions}
            value={state.type || null}
            onChange={(value) => update({ type: value ?? '', pageNo: '1' })}
            clearable
            searchable
            w={220}
            comboboxProps={{ withinPortal: true }}
          />
          {filtered && <ResetFiltersButton onClick={handleReset} />}
        </Group>
        <Group gap="sm">
          <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
            {list.data ? `${total} ${total === 1 ? 'professional' : 'professionals'}` : ''}
          </Text>
          {rights.canWrite && (
            <ListAddButton label="Add other professional" onClick={() => setEditing('new')} />
          )}
        </Group>
      </Group>

      <ListPanel
        query={list}
        loadingLabel="Loading other professionals..."
        isEmpty={list.data?.items.length === 0}
        empty={{
          icon: <IconBriefcase size={28} aria-hidden="true" />,
          title: filtered ? 'No professionals match this search' : 'No other professionals yet',
          description: filtered
            ? 'Try another name, email or type.'
            : 'Attorneys, CPAs and the other professionals your households work with appear here.',
          onReset: filtered ? handleReset : undefined,
          add: rights.canWrite
            ? { label: 'Add other professional', onClick: () => setEditing('new') }
            : undefined,
        }}
      >
        {list.data && (
          <OtherProfessionalsTable
            items={list.data.items}
            sort={{ sortBy: state.sortBy, order: state.order }}
            onSort={(column) => update((current) => ({ ...sortAfterClick(current, column), pageNo: '1' }))}
            rights={rights}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </ListPanel>

      <ListFooter page={state.page} limit={state.limit} total={total} onChange={update} />

      <OtherProfessionalFormModal
        target={editing}
        canLinkHouseholds={rights.canOpenHouseholds}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        Delete {deleting?.fullName}? They are removed from every household they are linked to. This cannot be
        undone.
      </ConfirmDeleteModal>
    </Stack>
  );
};
