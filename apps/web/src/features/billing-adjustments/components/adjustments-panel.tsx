import {
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_STATE_LABELS,
  type Adjustment,
  type AdjustmentState,
} from '@centric/contracts';
import { Badge, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAdjustmentsDollar, IconCircleX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ListAddButton } from '../../../components/list-actions.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { RowActionsCell, RowActionsHeader } from '../../../components/row-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { FULL_LABEL_BADGE_STYLES } from '../../../lib/badge-styles.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCancelAdjustment } from '../api/cancel-adjustment.ts';
import { type AdjustmentsOwner, useAdjustments } from '../api/list-adjustments.ts';
import { AdjustmentFormModal } from './adjustment-form-modal.tsx';

const STATE_COLORS: Readonly<Record<AdjustmentState, string>> = {
  PENDING: 'yellow',
  CARRIED: 'blue',
  APPLIED: 'green',
  CANCELLED: 'gray',
};

const isCredit = (adjustment: Pick<Adjustment, 'amount'>) => adjustment.amount.trim().startsWith('-');

/** Pending, Carried forward, Applied or Cancelled. */
const AdjustmentStateBadge = ({ state }: { state: AdjustmentState }) => (
  <Badge
    variant="light"
    color={STATE_COLORS[state]}
    c="dark.7"
    size="sm"
    radius="sm"
    tt="none"
    styles={FULL_LABEL_BADGE_STYLES}
  >
    {ADJUSTMENT_STATE_LABELS[state]}
  </Badge>
);

/** The live bills that applied it: 'Bill 101', each with what it applied in its tooltip. */
const AppliedBy = ({ appliedBy }: Pick<Adjustment, 'appliedBy'>) =>
  appliedBy.length === 0 ? (
    <Text size="sm" c="dimmed">
      —
    </Text>
  ) : (
    <Stack gap={0}>
      {appliedBy.map((bill) => (
        <Text key={bill.billId} size="sm" style={{ whiteSpace: 'nowrap' }}>
          Bill {bill.billNo}{' '}
          <Text span size="xs" c="dimmed" ff="monospace">
            {formatMoney(bill.amount)}
          </Text>
        </Text>
      ))}
    </Stack>
  );

/** 'Fee waiver credit of $50.00 on Smith IRA'. */
const describeAdjustment = (adjustment: Adjustment) => {
  const amount = formatMoney(adjustment.amount.replace(/^-/, ''));
  const kind = isCredit(adjustment) ? 'credit' : 'charge';
  return `${ADJUSTMENT_REASON_LABELS[adjustment.reasonCode].toLowerCase()} ${kind} of ${amount} on ${adjustment.account.registrationName}`;
};

type AdjustmentsPanelProps = {
  /** Unit view: the adjustments of every account of the unit, each with its account. */
  clientId?: string;
  /** Account view: this account's adjustments (wins over `clientId`). */
  accountId?: string;
  /** billingInstances write: add adjustments and cancel pending ones. */
  canWrite: boolean;
};

/**
 * A unit's or an account's adjustments (issue 15 §1): charges and credits, each applied once by the account's
 * next live bill, with what is left of each, where it stands and the bills that applied it; added in a modal
 * and, while pending, cancelled after a confirmation.
 */
export const AdjustmentsPanel = ({ clientId, accountId, canWrite }: AdjustmentsPanelProps) => {
  const owner: AdjustmentsOwner = accountId
    ? { kind: 'account', accountId }
    : { kind: 'unit', clientId: clientId ?? '' };
  const unitView = owner.kind === 'unit';
  const adjustments = useAdjustments(owner);
  const cancel = useCancelAdjustment();
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<Adjustment | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const items = adjustments.data ?? [];
  const add = canWrite ? { label: 'Add adjustment', onClick: () => setAdding(true) } : undefined;
  const canCancel = canWrite && items.some((adjustment) => adjustment.state === 'PENDING');

  const handleCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setCancelling(null);
      },
      onError: (error) => setCancelError(errorMessage(error)),
    });
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            Adjustments
          </Title>
          <Text size="sm" c="dimmed">
            A charge or credit applied once by the account&apos;s next live bill; a credit larger than the fee
            carries forward.
          </Text>
        </Stack>
        {add && items.length > 0 && <ListAddButton label={add.label} onClick={add.onClick} />}
      </Group>
      <ListPanel
        query={adjustments}
        loadingLabel={<ListSkeleton label="Loading adjustments..." rows={2} />}
        isEmpty={adjustments.data?.length === 0}
        empty={{
          icon: <IconAdjustmentsDollar size={28} aria-hidden="true" />,
          title: 'No adjustments',
          description: `A charge or credit entered on ${unitView ? 'an account of this unit' : 'this account'} shows here until a live bill has applied it.`,
          add,
        }}
      >
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={unitView ? 840 : 720}>
            <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Adjustments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  {unitView && <Table.Th>Account</Table.Th>}
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Note</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Remaining</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Applied by</Table.Th>
                  {canCancel && <RowActionsHeader />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((adjustment) => (
                  <Table.Tr key={adjustment.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDate(adjustment.createdAt)}</Text>
                      {adjustment.createdBy && (
                        <Text size="xs" c="dimmed">
                          {adjustment.createdBy.fullName}
                        </Text>
                      )}
                    </Table.Td>
                    {unitView && (
                      <Table.Td>
                        <Text size="sm" lineClamp={2} maw={180}>
                          {adjustment.account.registrationName}
                        </Text>
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text size="sm">{ADJUSTMENT_REASON_LABELS[adjustment.reasonCode]}</Text>
                    </Table.Td>
                    <Table.Td>
                      {adjustment.note ? (
                        <Tooltip label={adjustment.note} multiline w={280} openDelay={300}>
                          <Text size="sm" lineClamp={2} maw={200} tabIndex={0}>
                            {adjustment.note}
                          </Text>
                        </Tooltip>
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text
                        size="sm"
                        ff="monospace"
                        fw={600}
                        {...(isCredit(adjustment) ? { c: 'green.9' } : {})}
                      >
                        {formatMoney(adjustment.amount)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {isCredit(adjustment) ? 'Credit' : 'Charge'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" ff="monospace">
                        {formatMoney(adjustment.remaining)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <AdjustmentStateBadge state={adjustment.state} />
                    </Table.Td>
                    <Table.Td>
                      <AppliedBy appliedBy={adjustment.appliedBy} />
                    </Table.Td>
                    {canCancel &&
                      (adjustment.state === 'PENDING' ? (
                        <RowActionsCell
                          name={describeAdjustment(adjustment)}
                          actions={[
                            {
                              label: 'Cancel',
                              icon: IconCircleX,
                              danger: true,
                              onClick: () => {
                                setCancelError(null);
                                setCancelling(adjustment);
                              },
                            },
                          ]}
                        />
                      ) : (
                        <Table.Td />
                      ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListPanel>
      <AdjustmentFormModal
        opened={adding}
        clientId={owner.kind === 'unit' ? owner.clientId : null}
        accountId={owner.kind === 'account' ? owner.accountId : null}
        onClose={() => setAdding(false)}
      />
      <ConfirmModal
        opened={cancelling !== null}
        confirmLabel="Cancel adjustment"
        danger
        loading={cancel.isPending}
        error={cancelError}
        onConfirm={handleCancel}
        onClose={() => setCancelling(null)}
      >
        {cancelling && (
          <>Cancel the {describeAdjustment(cancelling)}? No live bill will apply it; this cannot be undone.</>
        )}
      </ConfirmModal>
    </Stack>
  );
};
