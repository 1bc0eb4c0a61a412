import { PAYOUT_TYPE_LABELS, type PayoutBlock, type PayoutBlockList } from '@centric/contracts';
import { Badge, Progress, Stack, Table, Text } from '@mantine/core';
import {
  RowActionsCell,
  RowActionsHeader,
  deleteAction,
  editAction,
} from '../../../components/row-actions.tsx';
import { formatDate } from '../../../lib/format.ts';
import {
  PAYOUT_BLOCK_STATE_LABELS,
  type PayoutBlockState,
  blockStateOf,
  percentLabel,
} from './payout-figures.ts';

/** Each state's colour; its text is dark on the light badge (the colour's own shade falls short of 4.5:1). */
const STATE_COLORS: Readonly<Record<PayoutBlockState, string>> = {
  ACTIVE: 'teal',
  NOT_STARTED: 'blue',
  PAID_OUT: 'gray',
  ENDED: 'gray',
};

/** Who a block pays: the payee's name, or the firm. */
export const payeeNameOf = (block: Pick<PayoutBlock, 'type' | 'payee'>) =>
  block.payee?.fullName ?? PAYOUT_TYPE_LABELS.FIRM;

/** What a row's actions name: 'Ada Lovelace (Wealth Advisor 1) from 01/01/2026', 'The firm from 01/01/2026'. */
export const blockNameOf = (block: Pick<PayoutBlock, 'type' | 'payee' | 'startDate'>) =>
  `${block.type === 'FIRM' ? PAYOUT_TYPE_LABELS.FIRM : `${payeeNameOf(block)} (${PAYOUT_TYPE_LABELS[block.type]})`} from ${formatDate(block.startDate)}`;

/** 'Forever', or 'payment 3 of 8' as '3 of 8 paid' with a bar. */
const Payments = ({ block, name }: { block: PayoutBlock; name: string }) => {
  if (block.payoutBlockPaymentType === 'Forever' || block.numberOfPayments === null) {
    return (
      <Stack gap={0}>
        <Text size="sm">Forever</Text>
        {block.paymentsMade > 0 && (
          <Text size="xs" c="dimmed">
            {block.paymentsMade} paid
          </Text>
        )}
      </Stack>
    );
  }
  const percent = Math.min(100, Math.round((block.paymentsMade / block.numberOfPayments) * 100));
  return (
    <Stack gap={4} miw={90}>
      <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {block.paymentsMade} of {block.numberOfPayments} paid
      </Text>
      <Progress
        value={percent}
        size="sm"
        color={percent >= 100 ? 'gray.6' : 'brand'}
        aria-label={`Payments of ${name}`}
        aria-valuetext={`${block.paymentsMade} of ${block.numberOfPayments} payments made`}
      />
    </Stack>
  );
};

type PayoutBlocksTableProps = {
  list: PayoutBlockList;
  canWrite: boolean;
  canDelete: boolean;
  onEdit: (block: PayoutBlock) => void;
  onDelete: (block: PayoutBlock) => void;
};

/** One row per payout block of the level, its state in the list's period. */
export const PayoutBlocksTable = ({
  list,
  canWrite,
  canDelete,
  onEdit,
  onDelete,
}: PayoutBlocksTableProps) => (
  <Table.ScrollContainer minWidth={820}>
    <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Payout blocks">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Type</Table.Th>
          <Table.Th>Payee</Table.Th>
          <Table.Th ta="right">Payout %</Table.Th>
          <Table.Th ta="right">Credit to %</Table.Th>
          <Table.Th>Start date</Table.Th>
          <Table.Th>Payments</Table.Th>
          <Table.Th>State</Table.Th>
          {(canWrite || canDelete) && <RowActionsHeader />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.blocks.map((block) => {
          const name = blockNameOf(block);
          const state = blockStateOf(block, list.period);
          return (
            <Table.Tr key={block.id}>
              <Table.Td>
                <Text size="sm">{PAYOUT_TYPE_LABELS[block.type]}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={block.payee ? 500 : 400} fs={block.payee ? undefined : 'italic'}>
                  {payeeNameOf(block)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Text size="sm">{percentLabel(block.payoutPercentage)}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Text size="sm">{percentLabel(block.creditTo)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(block.startDate)}</Text>
              </Table.Td>
              <Table.Td>
                <Payments block={block} name={name} />
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={STATE_COLORS[state]}
                  c="dark.7"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {PAYOUT_BLOCK_STATE_LABELS[state]}
                </Badge>
              </Table.Td>
              {(canWrite || canDelete) && (
                <RowActionsCell
                  name={name}
                  actions={[
                    editAction(() => onEdit(block), canWrite),
                    deleteAction(() => onDelete(block), canDelete),
                  ]}
                />
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
