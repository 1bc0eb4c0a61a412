import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

type RecordFormModalProps<T extends { id: string }> = {
  /** null: closed; 'new': a new record; a record: edit it. */
  target: T | 'new' | null;
  /** 'task': the title says 'New task' or 'Edit task'. */
  noun: string;
  onClose: () => void;
  /** The form, remounted for each record (null: a new one). */
  children: (record: T | null) => ReactNode;
};

/** A modal holding a record's form: 'New …' or 'Edit …', its form fresh for each record. */
export const RecordFormModal = <T extends { id: string }>({
  target,
  noun,
  onClose,
  children,
}: RecordFormModalProps<T>) => (
  <Modal
    opened={target !== null}
    onClose={onClose}
    title={target === 'new' ? `New ${noun}` : `Edit ${noun}`}
    size="lg"
    centered
  >
    {target !== null && (
      <div key={target === 'new' ? 'new' : target.id}>{children(target === 'new' ? null : target)}</div>
    )}
  </Modal>
);
