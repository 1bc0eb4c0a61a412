import {
  type Exclusion,
  EXCLUSION_APPLIES_TO_LABELS,
  EXCLUSION_KIND_LABELS,
  type ExclusionList,
} from '@centric/contracts';
import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListAddButton } from '../../../components/list-actions.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import {
  RowActionsCell,
  RowActionsHeader,
  deleteAction,
  editAction,
} from '../../../components/row-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteExclusion } from '../api/delete-exclusion.ts';
import { useExclusions } from '../api/get-exclusions.ts';
import { ExclusionFormModal } from './exclusion-form-modal.tsx';

export type ExclusionsTabProps = {
  clientId: string;
  /** billingUnits write: add and edit. */
  canWrite: boolean;
  /** billingUnits delete. */
  canDelete: boolean;
};

/** What an exclusion excludes: 'VTI in Joint Brokerage', 'VTI in every account', '12.5% of Joint Brokerage'. */
export const exclusionNameOf = (exclusion: Exclusion) => {
  const product = exclusion.product ? (exclusion.product.symbol ?? exclusion.product.name) : '';
  const account = exclusion.account?.registrationName ?? 'an account';
  if (exclusion.kind === 'PERCENT') return `${exclusion.percent ?? ''}% of ${account}`;
  if (exclusion.kind === 'PRODUCT') return `${product} in every account`;
  return `${product} in ${account}`;
};

const ExclusionsTable = ({
  list,
  canWrite,
  canDelete,
  onEdit,
  onDelete,
}: {
  list: ExclusionList;
  canWrite: boolean;
  canDelete: boolean;
  onEdit: (exclusion: Exclusion) => void;
  onDelete: (exclusion: Exclusion) => void;
}) => (
  <Table.ScrollContainer minWidth={900}>
    <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Excluded assets">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Type</Table.Th>
          <Table.Th>Account</Table.Th>
          <Table.Th>Product or percentage</Table.Th>
          <Table.Th>Applies to</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>Dates</Table.Th>
          <Table.Th ta="right">Value today</Table.Th>
          {(canWrite || canDelete) && <RowActionsHeader />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.exclusions.map((exclusion) => (
          <Table.Tr key={exclusion.id}>
            <Table.Td>
              <Text size="sm">{EXCLUSION_KIND_LABELS[exclusion.kind]}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fs={exclusion.account ? undefined : 'italic'}>
                {exclusion.account?.registrationName ?? 'Every account'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {exclusion.product
                  ? [exclusion.product.symbol, exclusion.product.name].filter(Boolean).join(' · ')
                  : `${exclusion.percent ?? ''}%`}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{EXCLUSION_APPLIES_TO_LABELS[exclusion.appliesTo]}</Text>
            </Table.Td>
            <Table.Td maw={260}>
              <Text size="sm" lineClamp={2}>
                {exclusion.reason}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(exclusion.startDate)} –{' '}
                  {exclusion.endDate ? formatDate(exclusion.endDate) : 'no end'}
                </Text>
                {!exclusion.active && (
                  <Badge variant="light" color="gray" c="dark.7" w="fit-content">
                    Not in force today
                  </Badge>
                )}
              </Stack>
            </Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <Text size="sm">{formatMoney(exclusion.excludedValue)}</Text>
            </Table.Td>
            {(canWrite || canDelete) && (
              <RowActionsCell
                name={exclusionNameOf(exclusion)}
                actions={[
                  editAction(() => onEdit(exclusion), canWrite),
                  deleteAction(() => onDelete(exclusion), canDelete),
                ]}
              />
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/**
 * The unit's Exclude Assets tab (issue 14 §5): holdings, products and percentages of accounts left out of the
 * fee, the payout or both, each with its value today; with the rights, add, edit and delete.
 */
export const ExclusionsTab = ({ clientId, canWrite, canDelete }: ExclusionsTabProps) => {
  const exclusions = useExclusions(clientId);
  const remove = useDeleteExclusion(clientId);
  const [editing, setEditing] = useState<Exclusion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Exclusion | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const list = exclusions.data;

  const handleCloseDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };
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
  const add = canWrite && list ? { label: 'Exclude assets', onClick: () => setEditing('new') } : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={2} size="h4">
            Excluded assets
          </Title>
          <Text size="sm" c="dimmed">
            Assets left out of the fee, the payout or both. Excluded from the payout only, the fee is charged
            and the fee on those assets is the firm&apos;s.
          </Text>
        </Stack>
        {add && list && list.exclusions.length > 0 && (
          <ListAddButton label={add.label} onClick={add.onClick} />
        )}
      </Group>
      <ListPanel
        query={exclusions}
        loadingLabel={<ListSkeleton label="Loading excluded assets..." rows={3} />}
        isEmpty={list?.exclusions.length === 0}
        empty={{
          icon: <IconFilterOff size={28} aria-hidden="true" />,
          title: 'No excluded assets',
          description: 'Every asset of this unit is billed, and its whole fee is paid out.',
          add,
        }}
      >
        {list && (
          <ExclusionsTable
            list={list}
            canWrite={canWrite}
            canDelete={canDelete}
            onEdit={setEditing}
            onDelete={(exclusion) => {
              setDeleteError(null);
              setDeleting(exclusion);
            }}
          />
        )}
      </ListPanel>
      <ExclusionFormModal clientId={clientId} list={list} target={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={handleCloseDelete}
      >
        {deleting &&
          `Delete the exclusion of ${exclusionNameOf(deleting)}? Its assets are billed and paid out again.`}
      </ConfirmDeleteModal>
    </Stack>
  );
};
