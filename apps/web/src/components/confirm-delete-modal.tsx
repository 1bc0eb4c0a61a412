import { ConfirmModal, type ConfirmModalProps } from './confirm-modal.tsx';

type ConfirmDeleteModalProps = Omit<ConfirmModalProps, 'confirmLabel' | 'danger'> & { confirmLabel?: string };

/** 'Please Confirm?' before anything is deleted (spec §8): what goes and what goes with it, Cancel or Delete. */
export const ConfirmDeleteModal = ({ confirmLabel = 'Delete', ...props }: ConfirmDeleteModalProps) => (
  <ConfirmModal danger confirmLabel={confirmLabel} {...props} />
);
