import {
  formatMoney,
  PAYOUT_TYPE_LABELS,
  RECEIVABLE_FREQUENCY_LABELS,
  RECEIVABLE_PRODUCT_TYPES,
  type Receivable,
  type ReceivablePayment,
} from '@centric/contracts';
import { Button, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCircleCheck,
  IconCircleX,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { AuthenticatedAvatar } from '../../../components/authenticated-avatar.tsx';
import { Fact } from '../../../components/fact.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RowActionsCell, RowActionsHeader } from '../../../components/row-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangePayment } from '../api/change-payment.ts';
import { useReceivable } from '../api/get-receivable.ts';
import type { PaymentTarget } from './payment-modal.tsx';
import { PaymentStateBadge } from './payment-state-badge.tsx';

const PRODUCT_TYPE_LABELS = Object.fromEntries(RECEIVABLE_PRODUCT_TYPES.map((p) => [p.value, p.label]));
const money = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

type ReceivableDrawerProps = {
  /** The receivable open beside the list ('' closed). */
  id: string;
  canWrite: boolean;
  canDelete: boolean;
  onClose: () => void;
  onEdit: (receivable: Receivable) => void;
  onDelete: (receivable: Receivable) => void;
  onPayment: (target: PaymentTarget) => void;
};

/** What a payment is, in words, for its actions' names and the payment modal. */
export const paymentName = (receivable: Pick<Receivable, 'product' | 'household'>, dueDate: string) =>
  `${receivable.product.name} payment of ${receivable.household.name} due ${formatDate(dueDate)}`;

/**
 * One receivable beside the list: its terms, its commission splits, and its schedule with each payment's state
 * and split (what each payee takes, what the firm keeps), with the payments' actions.
 */
export const ReceivableDrawer = ({
  id,
  canWrite,
  canDelete,
  onClose,
  onEdit,
  onDelete,
  onPayment,
}: ReceivableDrawerProps) => {
  const query = useReceivable(id);
  const change = useChangePayment();

  const handleReopen = (receivable: Receivable, payment: ReceivablePayment) =>
    change.mutate(
      { kind: 'reopen', receivableId: receivable.id, paymentId: payment.id },
      {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );

  const actionsOf = (receivable: Receivable, payment: ReceivablePayment) => {
    const name = paymentName(receivable, payment.dueDate);
    const open = payment.state === 'EXPECTED' || payment.state === 'PAST_DUE';
    const target = {
      receivableId: receivable.id,
      paymentId: payment.id,
      dueDate: payment.dueDate,
      amount: payment.amount,
      name: `The ${name}`,
    };
    return {
      name,
      actions: [
        {
          label: 'Mark received',
          icon: IconCircleCheck,
          allowed: canWrite && open,
          onClick: () => onPayment({ kind: 'receive', ...target }),
        },
        {
          label: 'Write off',
          icon: IconCircleX,
          danger: true,
          allowed: canWrite && open,
          onClick: () => onPayment({ kind: 'writeOff', ...target }),
        },
        {
          label: 'Undo',
          icon: IconArrowBackUp,
          allowed: canWrite && !open && payment.sequence !== null,
          onClick: () => handleReopen(receivable, payment),
        },
      ],
    };
  };

  return (
    <Drawer
      opened={id !== ''}
      onClose={onClose}
      position="right"
      size={980}
      closeButtonProps={{ 'aria-label': 'Close the receivable' }}
      title={
        <Title order={2} size="h4">
          {query.data ? `${query.data.product.name} · ${query.data.household.name}` : 'Receivable'}
        </Title>
      }
    >
      <QueryState query={query} loading="Loading the receivable...">
        {(receivable) => (
          <Stack gap="lg">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <AuthenticatedAvatar
                  imagePath={receivable.product.imageUrl}
                  name={receivable.product.name}
                  size={48}
                  radius="md"
                />
                <Stack gap={0}>
                  <Text fw={600}>{receivable.product.name}</Text>
                  <Text size="sm" c="dimmed">
                    {PRODUCT_TYPE_LABELS[receivable.productType] ?? receivable.productType} ·{' '}
                    {receivable.provider.name}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs" wrap="nowrap">
                {canWrite && receivable.paymentFrequency === 'PAID_UP' && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPlus size={14} aria-hidden="true" />}
                    onClick={() =>
                      onPayment({
                        kind: 'record',
                        receivableId: receivable.id,
                        name: `${receivable.product.name} of ${receivable.household.name}`,
                      })
                    }
                  >
                    Record payment
                  </Button>
                )}
                {canWrite && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPencil size={14} aria-hidden="true" />}
                    onClick={() => onEdit(receivable)}
                  >
                    Edit
                  </Button>
                )}
                {canDelete && (
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    onClick={() => onDelete(receivable)}
                  >
                    Delete
                  </Button>
                )}
              </Group>
            </Group>

            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="dl" m={0}>
              <Fact label="Household">{receivable.household.name}</Fact>
              <Fact label="Account holder">{receivable.accountHolder}</Fact>
              <Fact label="Policy or contract number">{receivable.policyNumber ?? '—'}</Fact>
              <Fact label="Description">{receivable.description ?? '—'}</Fact>
              <Fact label="Amount per payment" money strong>
                {formatMoney(receivable.amount)}
              </Fact>
              <Fact label="Frequency">{RECEIVABLE_FREQUENCY_LABELS[receivable.paymentFrequency]}</Fact>
              <Fact label="Payments">
                {receivable.paymentFrequency === 'PAID_UP'
                  ? 'Paid up'
                  : receivable.payments.filter((p) => p.sequence !== null).length}
              </Fact>
              <Fact label="Total" money strong>
                {formatMoney(receivable.totalAmount)}
              </Fact>
              <Fact label="Start date">{formatDate(receivable.startDate)}</Fact>
            </SimpleGrid>

            <Stack gap="xs">
              <Title order={3} size="h5">
                Commission splits
              </Title>
              {receivable.splits.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No splits: every payment is the firm&apos;s.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={560}>
                  <Table verticalSpacing="xs" aria-label="Commission splits">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Payee</Table.Th>
                        <Table.Th>Type</Table.Th>
                        <Table.Th ta="right">App %</Table.Th>
                        <Table.Th ta="right">Commission %</Table.Th>
                        <Table.Th>From</Table.Th>
                        <Table.Th ta="right">Payments</Table.Th>
                        <Table.Th ta="right">Credit to %</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {receivable.splits.map((split) => (
                        <Table.Tr key={split.id}>
                          <Table.Td>{split.payee?.fullName ?? 'The firm'}</Table.Td>
                          <Table.Td>{PAYOUT_TYPE_LABELS[split.type]}</Table.Td>
                          <Table.Td ta="right">{split.appPercentage}%</Table.Td>
                          <Table.Td ta="right">{split.commissionPercentage}%</Table.Td>
                          <Table.Td>{formatDate(split.startDate)}</Table.Td>
                          <Table.Td ta="right">{split.numberOfPayments}</Table.Td>
                          <Table.Td ta="right">{split.creditTo}%</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                    <Table.Tfoot>
                      <Table.Tr>
                        <Table.Th colSpan={2}>Totals</Table.Th>
                        <Table.Td ta="right" fw={600}>
                          {receivable.totalAppPercentage}%
                        </Table.Td>
                        <Table.Td ta="right" fw={600}>
                          {receivable.totalCommissionPercentage}%
                        </Table.Td>
                        <Table.Td colSpan={3} />
                      </Table.Tr>
                    </Table.Tfoot>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>

            <Stack gap="xs">
              <Title order={3} size="h5">
                Schedule
              </Title>
              {receivable.payments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Paid up: no payments are expected. Record what arrives with Record payment.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={860}>
                  <Table verticalSpacing="xs" aria-label="Schedule of payments">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>#</Table.Th>
                        <Table.Th>Due</Table.Th>
                        <Table.Th ta="right">Amount</Table.Th>
                        <Table.Th>State</Table.Th>
                        <Table.Th>Received</Table.Th>
                        <Table.Th>Payees</Table.Th>
                        <Table.Th ta="right">Firm</Table.Th>
                        {canWrite && <RowActionsHeader />}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {receivable.payments.map((payment) => {
                        const row = actionsOf(receivable, payment);
                        return (
                          <Table.Tr key={payment.id}>
                            <Table.Td>{payment.sequence ?? '—'}</Table.Td>
                            <Table.Td style={{ whiteSpace: 'nowrap' }}>
                              {formatDate(payment.dueDate)}
                            </Table.Td>
                            <Table.Td {...money}>
                              <Text size="sm" ff="monospace">
                                {formatMoney(payment.amount)}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <PaymentStateBadge state={payment.state} />
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                                {payment.receivedDate
                                  ? `${formatMoney(payment.amountReceived)} on ${formatDate(payment.receivedDate)}`
                                  : (payment.note ?? '')}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              {payment.shares.length === 0 ? (
                                <Text size="xs">—</Text>
                              ) : (
                                payment.shares.map((s) => (
                                  <Text key={s.splitId} size="xs" style={{ whiteSpace: 'nowrap' }}>
                                    {s.payee} {formatMoney(s.amount)}
                                  </Text>
                                ))
                              )}
                            </Table.Td>
                            <Table.Td {...money}>
                              <Text size="sm" ff="monospace">
                                {formatMoney(payment.firmAmount)}
                              </Text>
                            </Table.Td>
                            {canWrite && <RowActionsCell name={row.name} actions={row.actions} />}
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </Stack>
        )}
      </QueryState>
    </Drawer>
  );
};
