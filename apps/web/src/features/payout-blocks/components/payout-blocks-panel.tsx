import type { PayoutBlock } from '@centric/contracts';
import { Group, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListAddButton } from '../../../components/list-actions.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeletePayoutBlock } from '../api/delete-payout-block.ts';
import { usePayoutBlocks } from '../api/get-payout-blocks.ts';
import type { PayoutBlocksLevel } from '../api/payout-blocks-level.ts';
import { PayoutBlockFormModal } from './payout-block-form-modal.tsx';
import { PayoutBlocksTable, blockNameOf } from './payout-blocks-table.tsx';
import { percentLabel } from './payout-figures.ts';
import { PayoutTotals } from './payout-totals.tsx';

export type PayoutBlocksPanelProps = {
  /** The unit (a household's blocks) or one account (its own blocks, which replace the unit's for it). */
  level: PayoutBlocksLevel;
  /** billingUnits write (unit level) or billingAccounts write (account level): add and edit. */
  canWrite: boolean;
  /** billingUnits delete or billingAccounts delete. */
  canDelete: boolean;
  /** Default 'Payout blocks'. */
  heading?: string;
  /** A line under the heading; by default what payout blocks are. */
  description?: string;
};

const DEFAULT_DESCRIPTION =
  'Who is paid from the fee: each block pays its payee a share of the fee and credits a share to their production. What the active blocks leave goes to the firm.';

/**
 * A level's payout blocks (spec §3 Payout block): the list with each block's state in the current period,
 * the active blocks' totals and the firm's residual, and (with the rights) add, edit and delete.
 */
export const PayoutBlocksPanel = ({
  level,
  canWrite,
  canDelete,
  heading = 'Payout blocks',
  description = DEFAULT_DESCRIPTION,
}: PayoutBlocksPanelProps) => {
  const blocks = usePayoutBlocks(level);
  const remove = useDeletePayoutBlock(level);
  const [editing, setEditing] = useState<PayoutBlock | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PayoutBlock | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const list = blocks.data;

  const handleDelete = (block: PayoutBlock) => {
    setDeleteError(null);
    setDeleting(block);
  };
  const handleCloseDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };
  // A refused delete (409: the block has paid out) says why in the confirmation, in place of Delete.
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        handleCloseDelete();
      },
      onError: (error) => setDeleteError(errorMessage(error)),
    });
  };
  const add = canWrite && list ? { label: 'Add payout block', onClick: () => setEditing('new') } : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {heading}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          {level.kind === 'account' && (
            <Text size="sm">
              This account&apos;s own payout blocks replace the unit&apos;s for it (they never add up); while
              none is active, the unit&apos;s payout blocks apply.
            </Text>
          )}
        </Stack>
        {add && list && list.blocks.length > 0 && <ListAddButton label={add.label} onClick={add.onClick} />}
      </Group>
      <ListPanel
        query={blocks}
        loadingLabel={<ListSkeleton label="Loading payout blocks..." rows={3} />}
        isEmpty={list?.blocks.length === 0}
        empty={{
          icon: <IconUsersGroup size={28} aria-hidden="true" />,
          title: 'No payout blocks',
          description:
            level.kind === 'unit'
              ? 'Nobody is paid from this unit’s fees yet: the whole fee goes to the firm.'
              : 'This account has no payout blocks of its own: the unit’s payout blocks apply to it.',
          add,
        }}
      >
        {list && (
          <>
            <PayoutBlocksTable
              list={list}
              canWrite={canWrite}
              canDelete={canDelete}
              onEdit={setEditing}
              onDelete={handleDelete}
            />
            <PayoutTotals list={list} levelKind={level.kind} />
          </>
        )}
      </ListPanel>
      <PayoutBlockFormModal level={level} list={list} target={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={handleCloseDelete}
      >
        {deleting &&
          `Delete the payout block of ${blockNameOf(deleting)}, paying ${percentLabel(deleting.payoutPercentage)} of the fee? This cannot be undone.`}
      </ConfirmDeleteModal>
    </Stack>
  );
};
