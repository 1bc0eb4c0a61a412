import type { MasterDataItem } from '@centric/contracts';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteMasterDataItem } from '../api/delete-master-data-item.ts';
import type { MasterDataListRef } from '../api/master-data-paths.ts';

type DeleteValueModalProps = { listRef: MasterDataListRef; item: MasterDataItem | null; onClose: () => void };

/** 'Please Confirm?' before deleting; a value in use stays, and the server's reason shows in a toast. */
export const DeleteValueModal = ({ listRef, item, onClose }: DeleteValueModalProps) => {
  const remove = useDeleteMasterDataItem();
  const handleConfirm = () => {
    if (!item) return;
    remove.mutate(
      { ref: listRef, id: item.id },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onClose();
        },
        onError: (error) => {
          notifyError(errorMessage(error));
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmDeleteModal
      opened={item !== null}
      loading={remove.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      Are you sure you want to delete &ldquo;{item?.name}&rdquo;?
    </ConfirmDeleteModal>
  );
};
