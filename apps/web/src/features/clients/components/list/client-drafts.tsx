import { CLIENT_API_MESSAGES, type ClientDraft, MEMBER_WIZARD_STEPS } from '@centric/contracts';
import { Table, Text } from '@mantine/core';
import { IconFileDescription, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../../components/confirm-delete-modal.tsx';
import { ListPanel } from '../../../../components/list-panel.tsx';
import { RowActionsCell, RowActionsHeader, deleteAction } from '../../../../components/row-actions.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../lib/format.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { usePermission } from '../../../../lib/permissions.ts';
import { useClientDrafts, useDeleteClientDraft } from '../../api/client-drafts.ts';

type ClientDraftsProps = {
  /** Opens the member wizard of the draft's primary member where it stopped. */
  onResume: (draft: ClientDraft) => void;
};

/**
 * The Drafts view of /clients: households whose member wizard was left before its last step (decision 13).
 * They are listed nowhere else; Resume (clients write) finishes them, Delete (clients delete) removes them.
 */
export const ClientDrafts = ({ onResume }: ClientDraftsProps) => {
  const query = useClientDrafts();
  const remove = useDeleteClientDraft();
  const canWrite = usePermission('clients', 'write');
  const canDelete = usePermission('clients', 'delete');
  const [deleting, setDeleting] = useState<ClientDraft | null>(null);
  const drafts = query.data ?? [];
  const withActions = canWrite || canDelete;

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.clientId, {
      onSuccess: ({ message }) => {
        notifySuccess(message || CLIENT_API_MESSAGES.draftDeleted);
        closeDelete();
      },
    });
  };

  return (
    <>
      <ListPanel
        query={query}
        loadingLabel="Loading drafts..."
        isEmpty={drafts.length === 0}
        empty={{
          icon: <IconFileDescription size={24} aria-hidden="true" />,
          title: 'No drafts',
          description:
            'A household whose member wizard is left before its last step waits here until it is resumed or deleted.',
        }}
      >
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Draft households">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Household</Table.Th>
                <Table.Th>Progress</Table.Th>
                <Table.Th>Started by</Table.Th>
                <Table.Th>Started</Table.Th>
                {withActions && <RowActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {drafts.map((draft) => (
                <Table.Tr key={draft.clientId}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {draft.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {draft.completedSteps} of {MEMBER_WIZARD_STEPS.length} steps saved
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{draft.createdBy ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(draft.createdAt)}
                    </Text>
                  </Table.Td>
                  {withActions && (
                    <RowActionsCell
                      name={draft.name}
                      actions={[
                        {
                          label: 'Resume',
                          icon: IconPlayerPlay,
                          // The primary member's wizard is what finishes a draft.
                          allowed: canWrite && draft.memberId !== null,
                          onClick: () => onResume(draft),
                        },
                        deleteAction(() => setDeleting(draft), canDelete),
                      ]}
                    />
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListPanel>
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={handleDelete}
        onClose={closeDelete}
      >
        Delete the draft household {deleting?.name} and its members? This cannot be undone.
      </ConfirmDeleteModal>
    </>
  );
};
