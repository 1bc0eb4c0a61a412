import {
  BILL_KIND_LABELS,
  BILL_RUN_MESSAGES,
  BILLING_FREQUENCY_LABELS,
  BILLING_TIMING_LABELS,
  type BillAccount,
  type BillDetail,
  type BillPayout,
  type BillStatus,
  FEE_SHARE_WORDS,
  FEE_TYPE_LABELS,
  PAY_METHOD_LABELS,
  PAYOUT_TYPE_LABELS,
  accountDaysWords,
  cashFlowWords,
  extraLineWords,
  paidByWords,
  planningLineWords,
  planningPayerWords,
  prorationWords,
  scheduleTotalWords,
  splitWords,
  tierLineWords,
  tierRangeWords,
} from '@centric/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconBan, IconFileTypePdf, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney, formatPercent } from '../../../lib/money.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useDownloadInvoice } from '../api/download-invoices.ts';
import { useBill } from '../api/get-bill.ts';
import { usePullBill } from '../api/pull-bill.ts';
import { useRegenerateBill } from '../api/regenerate-bill.ts';
import { useVoidBill } from '../api/void-bill.ts';
import { BillStatusBadge } from './bill-run-badges.tsx';
import { BillCollections } from './bill-collections.tsx';
import { periodText } from './bill-run-text.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ReasonModal } from './confirm-modals.tsx';
import { Fact } from '../../../components/fact.tsx';

const labelOf = <K extends string>(labels: Readonly<Record<K, string>>, value: string) =>
  (labels as Readonly<Record<string, string>>)[value] ?? value;

/** Before lock a bill can be pulled out or billed again; before export it can be voided. */
const BEFORE_LOCK: readonly BillStatus[] = ['GENERATED', 'APPROVED'];
const BEFORE_EXPORT: readonly BillStatus[] = [...BEFORE_LOCK, 'LOCKED'];

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="sm" component="section">
    <Title order={3} size="h5">
      {title}
    </Title>
    {children}
  </Stack>
);

const ScheduleBlock = ({ schedule }: { schedule: BillDetail['schedules'][number] }) => (
  <Stack gap="xs">
    <Group justify="space-between" align="baseline" wrap="wrap">
      <Text fw={600} size="sm">
        {schedule.name}{' '}
        <Text span size="xs" c="dimmed">
          ({labelOf(FEE_TYPE_LABELS, schedule.type)})
        </Text>
      </Text>
      <Text size="sm" c="dimmed">
        {scheduleTotalWords(schedule)}
      </Text>
    </Group>
    {schedule.lines.length > 0 && (
      <Table withTableBorder verticalSpacing={6} fz="sm" aria-label={`Tiers of ${schedule.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tier</Table.Th>
            <Table.Th>How the annual fee is worked out</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedule.lines.map((line) => (
            <Table.Tr key={`${line.minimum}-${line.maximum}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{tierRangeWords(line)}</Table.Td>
              <Table.Td>{tierLineWords(schedule.type, line)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    )}
  </Stack>
);

const AccountBlock = ({ account }: { account: BillAccount }) => {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Text fw={600} size="sm">
            {account.registrationName}
          </Text>
          <Text fw={700} size="sm" ff="monospace">
            {formatMoney(account.amount)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {BILLING_FREQUENCY_LABELS[account.frequency]} in{' '}
          {BILLING_TIMING_LABELS[account.timing].toLowerCase()},{' '}
          {labelOf(PAY_METHOD_LABELS, account.payMethod)}
        </Text>
        <Text size="sm">
          Value on {formatDate(account.valuationDate)}: {formatMoney(account.value)}
          {account.excluded !== '0.00' && `, less ${formatMoney(account.excluded)} excluded from the fee`}
          {' = '}
          <Text span fw={600}>
            {formatMoney(account.billableValue)} billable
          </Text>
        </Text>
        {account.payoutExcluded !== '0.00' && (
          <Text size="sm">
            {formatMoney(account.payoutExcluded)} is billed but left out of the payouts: its fee is the
            firm&apos;s.
          </Text>
        )}
        <Text size="sm">{accountDaysWords(account)}</Text>
        {account.cashFlows.length > 0 && (
          <Stack gap={2}>
            <Text size="sm">Cash flows prorated:</Text>
            <List size="sm" spacing={2}>
              {account.cashFlows.map((flow, index) => (
                <List.Item key={`${flow.date}-${index}`}>{cashFlowWords(flow)}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Group gap={6} wrap="wrap">
          <Badge size="sm" variant="light" c="dark.7" color={account.line === 'DIRECT' ? 'gray' : 'blue'}>
            {account.line === 'DIRECT' ? 'Direct' : 'Indirect'}
          </Badge>
          <Text size="sm">{paidByWords(account)}</Text>
        </Group>
        {account.split && account.split.length > 0 && (
          <List size="xs" spacing={2}>
            {account.split.map((payer) => (
              <List.Item key={payer.accountId}>{splitWords(payer)}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
};

type AmountRow = { key: string; cells: [string, string]; amount: string };

/** A small table of lines with two words columns and a signed amount (a credit is negative). */
const AmountLinesTable = ({
  label,
  headers,
  rows,
}: {
  label: string;
  headers: [string, string];
  rows: AmountRow[];
}) => (
  <Table withTableBorder verticalSpacing={6} fz="sm" aria-label={label}>
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{headers[0]}</Table.Th>
        <Table.Th>{headers[1]}</Table.Th>
        <Table.Th ta="right">Amount</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {rows.map((row) => (
        <Table.Tr key={row.key}>
          <Table.Td>{row.cells[0]}</Table.Td>
          <Table.Td>{row.cells[1]}</Table.Td>
          <Table.Td ta="right" ff="monospace">
            {formatMoney(row.amount)}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

/** Adjustments, part-periods and refunds, each on its account. */
const ExtraLinesTable = ({ lines }: { lines: BillDetail['extraLines'] }) => (
  <AmountLinesTable
    label="Adjustments, part-periods and refunds"
    headers={['Account', 'What']}
    rows={lines.map((line, index) => ({
      key: `${line.accountId}-${line.kind}-${line.adjustmentId ?? index}`,
      cells: [line.registrationName, extraLineWords(line)],
      amount: line.amount,
    }))}
  />
);

/** Financial planning fees billed with the advisory fee. */
const PlanningLinesTable = ({ lines }: { lines: BillDetail['planningLines'] }) => (
  <AmountLinesTable
    label="Financial planning fees"
    headers={['Fee', 'Paid by']}
    rows={lines.map((line) => ({
      key: line.planningFeeId,
      cells: [planningLineWords(line), planningPayerWords(line)],
      amount: line.amount,
    }))}
  />
);

/** How the annual fee becomes the period's, per frequency billed, and how it falls on the accounts. */
const ProrationNotes = ({ bill }: { bill: BillDetail }) => (
  <Stack gap={2}>
    {[...new Set(bill.accountLines.map((account) => account.frequency))].map((frequency) => (
      <Text key={frequency} size="sm">
        {prorationWords(bill, frequency)}
      </Text>
    ))}
    <Text size="xs" c="dimmed">
      {FEE_SHARE_WORDS}
    </Text>
  </Stack>
);

const paymentText = (payout: BillPayout) =>
  payout.paymentNumber !== null && payout.numberOfPayments !== null
    ? `payment ${payout.paymentNumber} of ${payout.numberOfPayments}`
    : 'Forever';

const PayoutsTable = ({ bill }: { bill: BillDetail }) => {
  const accountName = new Map(bill.accountLines.map((line) => [line.accountId, line.registrationName]));
  return (
    <Table withTableBorder verticalSpacing={6} fz="sm" aria-label="Payouts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Payee</Table.Th>
          <Table.Th>Of</Table.Th>
          <Table.Th ta="right">Share</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Payment</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {bill.payouts.map((payout, index) => (
          <Table.Tr
            key={`${payout.accountId ?? 'unit'}-${payout.payee.id ?? payout.payee.fullName}-${index}`}
          >
            <Table.Td>
              {payout.payee.fullName}
              <Text size="xs" c="dimmed">
                {labelOf(PAYOUT_TYPE_LABELS, payout.type)}
              </Text>
            </Table.Td>
            <Table.Td>
              {payout.accountId ? (accountName.get(payout.accountId) ?? 'An account') : 'The unit'}
            </Table.Td>
            <Table.Td ta="right">{formatPercent(payout.percent)}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatMoney(payout.amount)}
            </Table.Td>
            <Table.Td>{paymentText(payout)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={600}>The firm</Table.Td>
          <Table.Td c="dimmed">What the payees do not take</Table.Td>
          <Table.Td />
          <Table.Td ta="right" ff="monospace" fw={600}>
            {formatMoney(bill.firm)}
          </Table.Td>
          <Table.Td />
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
};

type BillActionsProps = { bill: BillDetail; onRegenerated: () => void };

/** Void (with a reason) before export; Pull out and Regenerate before lock; each after confirming. */
const BillActions = ({ bill, onRegenerated }: BillActionsProps) => {
  const voidBill = useVoidBill();
  const pull = usePullBill();
  const regenerate = useRegenerateBill();
  const [step, setStep] = useState<'void' | 'pull' | 'regenerate' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canChange = BEFORE_LOCK.includes(bill.status);
  const canVoid = BEFORE_EXPORT.includes(bill.status);
  const open = (next: typeof step) => {
    setFailure(null);
    setStep(next);
  };
  const close = () => setStep(null);

  if (!canVoid) {
    const why =
      bill.status === 'EXPORTED'
        ? BILL_RUN_MESSAGES.exported
        : bill.status === 'VOIDED' || bill.status === 'PULLED'
          ? BILL_RUN_MESSAGES.alreadyOut
          : null;
    return why ? (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
        {why}
      </Alert>
    ) : null;
  }

  return (
    <>
      <Group gap="sm">
        {canChange && (
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() => open('regenerate')}
          >
            Regenerate
          </Button>
        )}
        {canChange && (
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
            onClick={() => open('pull')}
          >
            Pull out
          </Button>
        )}
        <Button
          variant="outline"
          color="red.9"
          leftSection={<IconBan size={16} aria-hidden="true" />}
          onClick={() => open('void')}
        >
          Void
        </Button>
      </Group>
      <ConfirmModal
        opened={step === 'pull' || step === 'regenerate'}
        confirmLabel={step === 'pull' ? 'Pull out' : 'Regenerate'}
        danger={step === 'pull'}
        loading={pull.isPending || regenerate.isPending}
        error={failure}
        onClose={close}
        onConfirm={() => {
          const onError = (error: unknown) => setFailure(errorMessage(error));
          if (step === 'pull') {
            pull.mutate(bill.id, {
              onSuccess: ({ message }) => {
                notifySuccess(message);
                close();
              },
              onError,
            });
          } else {
            regenerate.mutate(bill.id, {
              onSuccess: ({ message }) => {
                notifySuccess(message);
                close();
                onRegenerated();
              },
              onError,
            });
          }
        }}
      >
        {step === 'pull'
          ? `Pull ${bill.household} out of this run? Its bill of ${formatMoney(bill.amount)} leaves the run, and the household can be billed for this period later.`
          : `Bill ${bill.household} again in this run? The bill is worked out anew from today's inputs for the period and replaces this one.`}
      </ConfirmModal>
      <ReasonModal
        opened={step === 'void'}
        title={`Void bill ${bill.billNo}`}
        confirmLabel="Void bill"
        loading={voidBill.isPending}
        onClose={close}
        onConfirm={(body) =>
          voidBill.mutate(
            { billId: bill.id, body },
            {
              onSuccess: ({ message }) => {
                notifySuccess(message);
                close();
              },
              onError: (error) => notifyError(errorMessage(error)),
            },
          )
        }
      >
        Void the bill of {formatMoney(bill.amount)} for {bill.household}? It stays on record as voided, and
        each of its accounts can be billed for this period again.
      </ReasonModal>
    </>
  );
};

/** The bill's invoice as a PDF (a bill still in its run). */
const DownloadInvoiceButton = ({ bill }: { bill: BillDetail }) => {
  const invoice = useDownloadInvoice();
  if (bill.status === 'VOIDED' || bill.status === 'PULLED') return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
      loading={invoice.isPending}
      onClick={() =>
        invoice.mutate(
          { billId: bill.id, billNo: bill.billNo },
          { onError: (error) => notifyError(errorMessage(error)) },
        )
      }
    >
      Download invoice
    </Button>
  );
};

const DrawerSkeleton = () => (
  <Stack gap="md" role="status" aria-label="Loading the bill...">
    <Skeleton height={60} />
    <Skeleton height={120} />
    <Skeleton height={160} />
  </Stack>
);

type BillBodyProps = { bill: BillDetail; canWrite: boolean; showRun: boolean; onClose: () => void };

const BillBody = ({ bill, canWrite, showRun, onClose }: BillBodyProps) => (
  <Stack gap="lg">
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Group gap="xs">
        <BillStatusBadge status={bill.status} />
        <Text size="sm" c="dimmed">
          {BILL_KIND_LABELS[bill.kind]} ·{' '}
          {showRun ? (
            // Inside a sentence of dimmed text: underlined, so it reads as a link (axe link-in-text-block).
            <Anchor component={Link} to={paths.billingInstance.href(bill.runId)} size="sm" underline="always">
              Run {bill.runNumber}
            </Anchor>
          ) : (
            `Run ${bill.runNumber}`
          )}
        </Text>
      </Group>
      <Stack gap={0} align="flex-end">
        <Text size="xs" c="dimmed">
          Amount
        </Text>
        <Text fw={700} size="xl" ff="monospace">
          {formatMoney(bill.amount)}
        </Text>
      </Stack>
    </Group>
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
      <Fact label="Household">
        <Anchor component={Link} to={paths.billingHousehold.href(bill.clientId)} size="sm" fw={500}>
          {bill.household}
        </Anchor>
      </Fact>
      <Fact label="Period">{periodText(bill.periodStart, bill.periodEnd)}</Fact>
      <Fact label="Billable value">{formatMoney(bill.billableValue)}</Fact>
      <Fact label="Balance">{formatMoney(bill.balance)}</Fact>
      <Fact label="Valuation">Period-end value</Fact>
      <Fact label="Proration">
        {bill.proration === 'ACTUAL_DAYS' ? 'By actual days' : 'By the billing frequency'}
      </Fact>
      <Fact label="Cash flow threshold">
        {bill.cashFlowThreshold ? formatMoney(bill.cashFlowThreshold) : 'Every flow is prorated'}
      </Fact>
      <Fact label="Created">
        {formatDate(bill.createdAt)}
        {bill.createdBy ? ` by ${bill.createdBy.fullName}` : ''}
      </Fact>
    </SimpleGrid>
    <Group gap="sm">
      <DownloadInvoiceButton bill={bill} />
    </Group>
    {canWrite && <BillActions bill={bill} onRegenerated={onClose} />}
    {bill.reasons.length > 0 && (
      <Alert
        variant="light"
        color="orange"
        title="Requires attention"
        icon={<IconInfoCircle size={18} aria-hidden="true" />}
      >
        <List size="sm" spacing={2}>
          {bill.reasons.map((reason) => (
            <List.Item key={reason.code}>{reason.message}</List.Item>
          ))}
        </List>
      </Alert>
    )}
    {bill.status === 'EXPORTED' && (
      <>
        <Divider />
        <BillCollections bill={bill} canWrite={canWrite} />
      </>
    )}
    <Divider />
    <Section title="Fee schedules">
      {bill.schedules.length === 0 ? (
        <Text size="sm" c="dimmed">
          No asset-based fee on this bill.
        </Text>
      ) : (
        bill.schedules.map((schedule) => <ScheduleBlock key={schedule.scheduleId} schedule={schedule} />)
      )}
      {bill.accountLines.length > 0 && <ProrationNotes bill={bill} />}
    </Section>
    <Section title={`Accounts (${bill.accountLines.length})`}>
      {bill.accountLines.map((account) => (
        <AccountBlock key={account.accountId} account={account} />
      ))}
      {bill.leftOut.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Left out of this bill
          </Text>
          <List size="sm" spacing={2}>
            {bill.leftOut.map((account) => (
              <List.Item key={account.accountId}>
                {account.registrationName}: {account.reason}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Section>
    {bill.extraLines.length > 0 && (
      <Section title="Adjustments, part-periods and refunds">
        <ExtraLinesTable lines={bill.extraLines} />
      </Section>
    )}
    {bill.planningLines.length > 0 && (
      <Section title="Financial planning">
        <PlanningLinesTable lines={bill.planningLines} />
      </Section>
    )}
    <Section title="Payouts">
      {bill.payouts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payout block is active for this period: the whole fee of {formatMoney(bill.firm)} is the
          firm&apos;s.
        </Text>
      ) : (
        <PayoutsTable bill={bill} />
      )}
    </Section>
  </Stack>
);

type BillDrawerProps = {
  /** The bill whose explanation is open; null: closed. */
  billId: string | null;
  /** billingInstances write: Void, Pull out and Regenerate. */
  canWrite: boolean;
  /** Link the bill's run (outside the run's own page). */
  showRun?: boolean;
  onClose: () => void;
};

/** A bill opened to its explanation, beside the list it was opened from. */
export const BillDrawer = ({ billId, canWrite, showRun = false, onClose }: BillDrawerProps) => {
  const bill = useBill(billId);
  return (
    <Drawer
      opened={billId !== null}
      onClose={onClose}
      position="right"
      size={760}
      title={
        <Title order={2} size="h4">
          {bill.data ? `Bill ${bill.data.billNo}: ${bill.data.household}` : 'Bill'}
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close the bill' }}
    >
      {billId !== null && (
        <QueryState
          query={bill}
          loading={<DrawerSkeleton />}
          errorTitle="The bill could not be loaded"
          notFound={
            <Text size="sm" c="dimmed">
              {BILL_RUN_MESSAGES.billNotFound}
            </Text>
          }
        >
          {(data) => <BillBody bill={data} canWrite={canWrite} showRun={showRun} onClose={onClose} />}
        </QueryState>
      )}
    </Drawer>
  );
};
