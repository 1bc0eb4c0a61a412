import { Group, Stack } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDeleteModal } from '../../../../components/confirm-delete-modal.tsx';
import { IconAction } from '../../../../components/icon-action.tsx';
import { AddButton, SectionCard, SectionEmpty } from './section-card.tsx';
import type { ConfirmedDelete } from './use-confirmed-delete.ts';

/** A row's icon button: its tooltip ('Edit milestone') and its accessible name, which names the entry. */
type RowAction<T> = { tooltip: string; label: (entry: T) => string };

type EntryCardProps<T extends { id: string }> = {
  title: string;
  icon: ReactNode;
  entries: readonly T[];
  /** The list's accessible name: 'Milestones'. */
  listLabel: string;
  /** The add button, in the header and in the empty state: 'Add milestone'. */
  addLabel: string;
  emptyMessage: string;
  /** The user may add, and the household has the members an entry needs. */
  canAdd: boolean;
  /** What a row says, left of its actions. */
  renderEntry: (entry: T) => ReactNode;
  /** The add (entry null) or edit modal. */
  renderForm: (entry: T | null, onClose: () => void) => ReactNode;
  /** The row's edit icon; left out when the user may not edit, or the entries cannot be edited. */
  edit?: RowAction<T> | undefined;
  /** The row's delete icon; left out when the user may not delete. */
  remove?: RowAction<T> | undefined;
  /** The delete flow (useConfirmedDelete) and its question about the entry (null while the question closes). */
  deletion: ConfirmedDelete<T>;
  deleteQuestion: (entry: T | null) => ReactNode;
  /** How a row's actions stand against its text: at the top (default) or centred on a one-line row. */
  rowAlign?: 'flex-start' | 'center';
};

/**
 * A detail card of a household's entries (special dates, milestones, relationships): the add button, the
 * empty state or the list with each row's edit and delete icons, the add/edit modal and the delete
 * confirmation.
 */
export const EntryCard = <T extends { id: string }>({
  title,
  icon,
  entries,
  listLabel,
  addLabel,
  emptyMessage,
  canAdd,
  renderEntry,
  renderForm,
  edit,
  remove,
  deletion,
  deleteQuestion,
  rowAlign = 'flex-start',
}: EntryCardProps<T>) => {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const add = () => setEditing('new');

  return (
    <SectionCard
      title={title}
      icon={icon}
      count={entries.length}
      actions={canAdd && <AddButton label={addLabel} onClick={add} />}
    >
      {entries.length === 0 ? (
        <SectionEmpty
          message={emptyMessage}
          actionLabel={canAdd ? addLabel : undefined}
          onAction={canAdd ? add : undefined}
        />
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={listLabel}>
          {entries.map((entry) => (
            <Group
              component="li"
              key={entry.id}
              wrap="nowrap"
              align={rowAlign}
              gap="sm"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Stack gap={2} style={{ flex: 1 }} miw={0}>
                {renderEntry(entry)}
              </Stack>
              {(edit || remove) && (
                <Group gap={2} wrap="nowrap">
                  {edit && (
                    <IconAction
                      tooltip={edit.tooltip}
                      label={edit.label(entry)}
                      icon={IconPencil}
                      color="gray"
                      onClick={() => setEditing(entry)}
                    />
                  )}
                  {remove && (
                    <IconAction
                      tooltip={remove.tooltip}
                      label={remove.label(entry)}
                      icon={IconTrash}
                      color="red.9"
                      onClick={() => deletion.ask(entry)}
                    />
                  )}
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {editing !== null && renderForm(editing === 'new' ? null : editing, () => setEditing(null))}
      <ConfirmDeleteModal
        opened={deletion.deleting !== null}
        loading={deletion.isPending}
        onConfirm={deletion.confirm}
        onClose={deletion.cancel}
      >
        {deleteQuestion(deletion.deleting)}
      </ConfirmDeleteModal>
    </SectionCard>
  );
};
