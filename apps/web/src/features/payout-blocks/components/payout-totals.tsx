import { type PayoutBlockList, compareDecimal } from '@centric/contracts';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { percentLabel } from './payout-figures.ts';

/** 'The period 01/01/2026 – 03/31/2026'. */
export const periodLabel = (period: PayoutBlockList['period']) =>
  `${formatDate(period.start)} – ${formatDate(period.end)}`;

/** One figure of a description list: its name (dt) over its value (dd). */
const Figure = ({ label, value, large = true }: { label: string; value: string; large?: boolean }) => (
  <Stack gap={0}>
    <Text component="dt" size="xs" c="dimmed">
      {label}
    </Text>
    <Text
      component="dd"
      m={0}
      size={large ? 'lg' : 'sm'}
      fw={large ? 700 : 400}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {value}
    </Text>
  </Stack>
);

type TotalsFiguresProps = {
  payoutPercentageTotal: string;
  creditToTotal: string;
  period: PayoutBlockList['period'];
};

/** The spec's totals (§3 Payout block: payoutPercentageTotal, creditToTotal) for the period they are for. */
export const TotalsFigures = ({ payoutPercentageTotal, creditToTotal, period }: TotalsFiguresProps) => (
  <Group component="dl" gap="xl" align="flex-end" wrap="wrap" m={0}>
    <Figure label="Payout percentage total" value={percentLabel(payoutPercentageTotal)} />
    <Figure label="Credit to total" value={percentLabel(creditToTotal)} />
    <Figure label="Current period" value={periodLabel(period)} large={false} />
  </Group>
);

/** A notice under the totals: green when all is paid out, yellow when the firm keeps part, red above 100 %. */
export const TotalsNotice = ({
  tone,
  children,
}: {
  tone: 'complete' | 'residual' | 'over';
  children: ReactNode;
}) => {
  const color = tone === 'complete' ? 'teal' : tone === 'residual' ? 'yellow' : 'red';
  const Icon =
    tone === 'complete' ? IconCircleCheck : tone === 'residual' ? IconBuildingBank : IconAlertTriangle;
  return (
    <Alert variant="light" color={color} p="xs" icon={<Icon size={18} aria-hidden="true" />}>
      <Text size="sm">{children}</Text>
    </Alert>
  );
};

type PayoutTotalsProps = {
  list: PayoutBlockList;
  /** An account's blocks replace the unit's; while none is active, the unit's apply. */
  levelKind: 'unit' | 'account';
};

/** Under the list: the active blocks' totals in the current period, and who gets what they leave. */
export const PayoutTotals = ({ list, levelKind }: PayoutTotalsProps) => {
  const anyActive = list.blocks.some((block) => block.active);
  const residual = list.firmResidual !== '0';
  const over = compareDecimal(list.payoutPercentageTotal, '100') > 0;
  return (
    <Stack gap="sm" p="md" role="region" aria-label="Payout totals">
      <TotalsFigures
        payoutPercentageTotal={list.payoutPercentageTotal}
        creditToTotal={list.creditToTotal}
        period={list.period}
      />
      {!anyActive ? (
        <TotalsNotice tone="residual">
          {levelKind === 'unit'
            ? 'No payout block is active in this period: the whole fee goes to the firm.'
            : "None of this account's payout blocks is active in this period: the unit's payout blocks apply to it."}
        </TotalsNotice>
      ) : over ? (
        <TotalsNotice tone="over">
          The active blocks total {percentLabel(list.payoutPercentageTotal)}, more than 100%: lower a
          percentage or end a block.
        </TotalsNotice>
      ) : residual ? (
        <TotalsNotice tone="residual">
          <strong>{percentLabel(list.firmResidual)} goes to the firm.</strong> The active blocks pay out{' '}
          {percentLabel(list.payoutPercentageTotal)} of the fee: until they reach 100%, the unit requires
          attention (it is still billed).
        </TotalsNotice>
      ) : (
        <TotalsNotice tone="complete">The active blocks pay out the whole fee (100%).</TotalsNotice>
      )}
    </Stack>
  );
};
