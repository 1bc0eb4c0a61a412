import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

type RecordFormModalProps<T extends { id: string }> = {
  /** null: closed; 'new': a new record; a record: edit it. */
  target: T | 'new' | null;
  /** 'task': the title says 'New task' or 'Edit task'. */
  noun: string;
  /** A new record's title when 'New …' does not say it ('Assign strategy'). */
  newTitle?: string;
  onClose: () => void;
  /** The modal's width: 'lg' by default; 'xl' for a form with rows (a strategy's targets). */
  size?: 'lg' | 'xl';
  /** The form, remounted for each record (null: a new one). */
  children: (record: T | null) => ReactNode;
};

/** A modal holding a record's form: 'New …' or 'Edit …', its form fresh for each record. */
export const RecordFormModal = <T extends { id: string }>({
  target,
  noun,
  newTitle = `New ${noun}`,
  onClose,
  size = 'lg',
  children,
}: RecordFormModalProps<T>) => (
  <Modal
    opened={target !== null}
    onClose={onClose}
    title={target === 'new' ? newTitle : `Edit ${noun}`}
    size={size}
    centered
  >
    {target !== null && (
      <div key={target === 'new' ? 'new' : target.id}>{children(target === 'new' ? null : target)}</div>
    )}
  </Modal>
);
