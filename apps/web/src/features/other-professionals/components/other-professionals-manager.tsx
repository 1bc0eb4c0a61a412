import {
  CLIENT_API_MESSAGES,
  OTHER_PROFESSIONAL_TYPE_SUGGESTIONS,
  type OtherProfessionalItem,
} from '@centric/contracts';
import { Select } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteOtherProfessional } from '../api/delete-other-professional.ts';
import { useOtherProfessionals } from '../api/list-other-professionals.ts';
import { useOtherProfessionalsParams } from '../hooks/use-other-professionals-params.ts';
import { OtherProfessionalFormModal } from './other-professional-form-modal.tsx';
import { type ProfessionalRights, OtherProfessionalsTable } from './other-professionals-table.tsx';

type OtherProfessionalsManagerProps = { rights: ProfessionalRights };

/** /otherProfessionals: search, type filter, sortable columns, paging; add, edit, delete, link households. */
export const OtherProfessionalsManager = ({ rights }: OtherProfessionalsManagerProps) => {
  const { state, update } = useOtherProfessionalsParams();
  const list = usePagedList(state, update, ['type']);
  const professionals = useOtherProfessionals(list.query);
  const [editing, setEditing] = useState<OtherProfessionalItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OtherProfessionalItem | null>(null);
  const remove = useDeleteOtherProfessional();

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
    <>
      <PagedList
        list={list}
        query={professionals}
        searchBox={{ label: 'Search other professionals', placeholder: 'Search by name, email or type' }}
        filters={
          <Select
            aria-label="Type"
            placeholder="All types"
            data={typeOptions}
            value={state.type || null}
            onChange={(value) => update({ type: value ?? '', pageNo: '1' })}
            clearable
            searchable
            w={180}
            comboboxProps={{ withinPortal: true }}
          />
        }
        noun={['professional', 'professionals']}
        add={
          rights.canWrite ? { label: 'Add other professional', onClick: () => setEditing('new') } : undefined
        }
        loadingLabel="Loading other professionals..."
        empty={{
          icon: <IconBriefcase size={28} aria-hidden="true" />,
          title: 'No other professionals yet',
          description: 'Attorneys, CPAs and the other professionals your households work with appear here.',
        }}
        noMatch={{
          title: 'No professionals match this search',
          description: 'Try another name, email or type.',
        }}
      >
        {(items) => (
          <OtherProfessionalsTable
            items={items}
            sort={list.sort}
            onSort={list.handleSort}
            rights={rights}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </PagedList>

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
    </>
  );
};
