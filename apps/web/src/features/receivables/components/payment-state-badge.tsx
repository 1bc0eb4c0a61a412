import { RECEIVABLE_PAYMENT_STATE_LABELS, type ReceivablePaymentState } from '@centric/contracts';
import { Badge } from '@mantine/core';

const STATE_COLORS: Readonly<Record<ReceivablePaymentState, string>> = {
  EXPECTED: 'blue',
  PAST_DUE: 'red',
  RECEIVED: 'teal',
  WRITTEN_OFF: 'gray',
};

/** A payment's state: expected, past due, received or written off. */
export const PaymentStateBadge = ({ state }: { state: ReceivablePaymentState }) => (
  <Badge
    variant="light"
    color={STATE_COLORS[state]}
    c="dark.7"
    size="sm"
    radius="sm"
    tt="none"
    style={{ flexShrink: 0, overflow: 'visible' }}
  >
    {RECEIVABLE_PAYMENT_STATE_LABELS[state]}
  </Badge>
);
