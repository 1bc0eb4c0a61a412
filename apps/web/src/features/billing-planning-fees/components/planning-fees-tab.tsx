import {
  BILLING_FREQUENCY_LABELS,
  PAY_METHOD_LABELS,
  PLANNING_FEE_TYPE_LABELS,
  type PlanningFee,
} from '@centric/contracts';
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarDollar } from '@tabler/icons-react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { ListAddButton } from '../../../components/list-actions.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import {
  deleteAction,
  editAction,
  RowActionsCell,
  RowActionsHeader,
} from '../../../components/row-actions.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useRecordActions } from '../../../lib/use-record-actions.ts';
import { useDeletePlanningFee } from '../api/delete-planning-fee.ts';
import { usePlanningFees } from '../api/list-planning-fees.ts';
import { PlanningFeeFormModal } from './planning-fee-form-modal.tsx';

type PlanningFeesTabProps = {
  clientId: string;
  /** billingUnits write: add and edit. */
  canWrite: boolean;
  /** billingUnits delete. */
  canDelete: boolean;
};

const periodOf = (fee: PlanningFee) =>
  fee.endDate
    ? `${formatDate(fee.startDate)} – ${formatDate(fee.endDate)}`
    : `From ${formatDate(fee.startDate)}`;

/**
 * The unit's financial planning fees (the unit page's tab 2): a one-time or recurring fee with its amount,
 * frequency, dates, pay method and paying account, and when it is charged next; added and changed in a
 * modal, deleted after a confirmation.
 */
export const PlanningFeesTab = ({ clientId, canWrite, canDelete }: PlanningFeesTabProps) => {
  const fees = usePlanningFees(clientId);
  const remove = useDeletePlanningFee(clientId);
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } =
    useRecordActions<PlanningFee>(remove);
  const items = fees.data ?? [];
  const add = canWrite ? { label: 'Add planning fee', onClick: () => setEditing('new') } : undefined;
  return (
    <Stack gap="md" component="section" aria-labelledby="planning-fees">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h4" id="planning-fees">
            Financial planning fees
          </Title>
          <Text size="sm" c="dimmed">
            Planning fees the household pays besides its asset-based fee.
          </Text>
        </Stack>
        {add && items.length > 0 && <ListAddButton label={add.label} onClick={add.onClick} />}
      </Group>
      <ListPanel
        query={fees}
        loadingLabel={<ListSkeleton label="Loading planning fees..." rows={2} />}
        isEmpty={fees.data?.length === 0}
        empty={{
          icon: <IconCalendarDollar size={28} aria-hidden="true" />,
          title: 'No planning fees',
          description: 'A one-time or recurring financial planning fee shows here once added.',
          add,
        }}
      >
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Planning fees">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Frequency</Table.Th>
                  <Table.Th>Dates</Table.Th>
                  <Table.Th>Pay method</Table.Th>
                  <Table.Th>Paying account</Table.Th>
                  <Table.Th>Next charge</Table.Th>
                  {(canWrite || canDelete) && <RowActionsHeader />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((fee) => (
                  <Table.Tr key={fee.id}>
                    <Table.Td>{fee.description}</Table.Td>
                    <Table.Td>{PLANNING_FEE_TYPE_LABELS[fee.feeType]}</Table.Td>
                    <Table.Td ta="right">
                      {formatMoney(fee.amount)}
                      {fee.feeType === 'PERIODIC' && (
                        <Text size="xs" c="dimmed">
                          {formatMoney(fee.annualAmount)} a year
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{fee.frequency ? BILLING_FREQUENCY_LABELS[fee.frequency] : '—'}</Table.Td>
                    <Table.Td>{periodOf(fee)}</Table.Td>
                    <Table.Td>{PAY_METHOD_LABELS[fee.payMethod]}</Table.Td>
                    <Table.Td>
                      {fee.feePayingAccount
                        ? `${fee.feePayingAccount.registrationName} · ${fee.feePayingAccount.household}`
                        : '—'}
                    </Table.Td>
                    <Table.Td>{fee.nextChargeDate ? formatDate(fee.nextChargeDate) : 'None'}</Table.Td>
                    {(canWrite || canDelete) && (
                      <RowActionsCell
                        name={fee.description}
                        actions={[
                          editAction(() => setEditing(fee), canWrite),
                          deleteAction(() => setDeleting(fee), canDelete),
                        ]}
                      />
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListPanel>
      <PlanningFeeFormModal clientId={clientId} target={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={deletePending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <>
            Delete the planning fee {deleting.description} of {formatMoney(deleting.amount)}? It will no
            longer be charged.
          </>
        )}
      </ConfirmDeleteModal>
    </Stack>
  );
};
