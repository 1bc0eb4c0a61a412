import {
  BILLING_FREQUENCY_LABELS,
  BILLING_TIMING_LABELS,
  PAY_METHOD_LABELS,
  READINESS_REASON_LABELS,
  type ReadinessItem,
  type ReadinessKind,
} from '@centric/contracts';
import { Anchor, Card, Grid, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatTimeAgo } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { ACCOUNT_TAB_INDEX, type BillingUnitTabProps, UNIT_TAB_INDEX } from './tab-props.ts';

type ReasonTarget = { href: string; where: string };

const PAYOUT_REASONS: ReadonlySet<ReadinessItem['code']> = new Set(['NO_PAYOUT_BLOCKS', 'PAYOUT_BELOW_100']);

/**
 * Where a reason is fixed: an account's own payout blocks or billing tab, else the unit's Payout Blocks,
 * Billing Information (the ACH bank account) or Investment Accounts tab; null when that tab is not there.
 */
export const reasonTargetOf = (
  reason: ReadinessItem,
  clientId: string,
  tabHref: BillingUnitTabProps['tabHref'],
): ReasonTarget | null => {
  const onTab = (index: number, where: string) => {
    const href = tabHref(index);
    return href ? { href, where } : null;
  };
  if (PAYOUT_REASONS.has(reason.code)) {
    return reason.accountId
      ? {
          href: paths.billingAccount.href(reason.accountId, clientId, ACCOUNT_TAB_INDEX.payoutBlocks),
          where: "the account's Payout Blocks",
        }
      : onTab(UNIT_TAB_INDEX.payoutBlocks, 'Payout Blocks');
  }
  if (reason.code === 'ACH_NO_BANK_ACCOUNT')
    return onTab(UNIT_TAB_INDEX.billingInformation, 'Billing Information');
  if (reason.accountId)
    return {
      href: paths.billingAccount.href(reason.accountId, clientId, ACCOUNT_TAB_INDEX.billing),
      where: "the account's Billing tab",
    };
  return onTab(UNIT_TAB_INDEX.investmentAccounts, 'Investment Accounts');
};

const KINDS: Readonly<
  Record<ReadinessKind, { title: string; explanation: string; color: string; icon: ReactNode }>
> = {
  BLOCKS: {
    title: 'Blocks billing',
    explanation: 'Bill runs skip this unit until these are fixed.',
    color: 'red',
    icon: <IconBan size={18} aria-hidden="true" />,
  },
  ATTENTION: {
    title: 'Needs attention',
    explanation: 'The unit is still billed, but these should be looked at.',
    color: 'orange',
    icon: <IconAlertTriangle size={18} aria-hidden="true" />,
  },
};

type ReasonGroupProps = {
  kind: ReadinessKind;
  reasons: readonly ReadinessItem[];
  clientId: string;
  tabHref: BillingUnitTabProps['tabHref'];
};

/** One kind of reasons: its heading in its colour, what it means for the bill, and each reason. */
const ReasonGroup = ({ kind, reasons, clientId, tabHref }: ReasonGroupProps) => {
  const { title, explanation, color, icon } = KINDS[kind];
  const headingId = `readiness-${kind.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon variant="light" color={color} size="md" radius="xl">
          {icon}
        </ThemeIcon>
        {/* Orange text on white falls short of 4.5:1 (axe): the heading is dark beside its orange icon. */}
        <Title order={3} size="h5" c={kind === 'ATTENTION' ? 'dark.7' : `${color}.9`} id={headingId}>
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {explanation}
      </Text>
      <List spacing="xs" mt="xs" size="sm" aria-label={title}>
        {reasons.map((reason, index) => {
          const target = reasonTargetOf(reason, clientId, tabHref);
          return (
            <List.Item key={`${reason.code}-${reason.accountId ?? 'unit'}-${index}`}>
              {target ? (
                <Anchor component={Link} to={target.href} size="sm">
                  {reason.message}
                </Anchor>
              ) : (
                <Text size="sm" span>
                  {reason.message}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {READINESS_REASON_LABELS[reason.code]}
                {target ? ` · fixed on ${target.where}` : ''}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </section>
  );
};

/** The unit's readiness for the current period: what blocks its bill, what needs attention, or ready. */
const ReadinessCard = ({ unit, tabHref }: BillingUnitTabProps) => {
  const { readiness, billing } = unit;
  const blocks = readiness.reasons.filter((r) => r.kind === 'BLOCKS');
  const attention = readiness.reasons.filter((r) => r.kind === 'ATTENTION');
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-labelledby="unit-readiness">
      <Group justify="space-between" align="flex-start" gap="xs" mb="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="unit-readiness">
            Readiness
          </Title>
          <Text size="sm" c="dimmed">
            Period {formatDate(readiness.period.start)} – {formatDate(readiness.period.end)}
            {readiness.billed && ' · billed live for the period'}
          </Text>
        </Stack>
        <Text size="xs" c="dimmed" title={readiness.checkedAt ?? undefined}>
          {readiness.checkedAt ? `Checked ${formatTimeAgo(readiness.checkedAt)}` : 'Not checked yet'}
        </Text>
      </Group>
      {readiness.reasons.length === 0 ? (
        <Group gap="sm" wrap="nowrap" role="status">
          <ThemeIcon variant="light" color="green" size="lg" radius="xl">
            <IconCircleCheck size={20} aria-hidden="true" />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={600} c="teal.9">
              Ready to bill
            </Text>
            <Text size="sm" c="dimmed">
              Nothing stands in the way of this unit&apos;s bill for the period.
            </Text>
          </Stack>
        </Group>
      ) : (
        <Stack gap="lg">
          {blocks.length > 0 && (
            <ReasonGroup kind="BLOCKS" reasons={blocks} clientId={billing.clientId} tabHref={tabHref} />
          )}
          {attention.length > 0 && (
            <ReasonGroup kind="ATTENTION" reasons={attention} clientId={billing.clientId} tabHref={tabHref} />
          )}
        </Stack>
      )}
    </Card>
  );
};

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group justify="space-between" gap="md" wrap="nowrap">
    <Text size="sm" c="dimmed" component="dt">
      {label}
    </Text>
    <Text size="sm" fw={500} component="dd" m={0} ta="right">
      {children}
    </Text>
  </Group>
);

/** The billing information in short and the accounts' counts, with links to the tabs that hold them. */
const BillingSummaryCard = ({ unit, tabHref }: BillingUnitTabProps) => {
  const { billing } = unit;
  const infoHref = tabHref(UNIT_TAB_INDEX.billingInformation);
  const accountsHref = tabHref(UNIT_TAB_INDEX.investmentAccounts);
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-labelledby="unit-billing">
      <Title order={2} size="h4" id="unit-billing" mb="md">
        Billing information
      </Title>
      <Stack component="dl" gap={8} m={0}>
        <Fact label="Billing contact">{billing.billingContact?.fullName ?? 'Not set'}</Fact>
        <Fact label="Pay method">{PAY_METHOD_LABELS[billing.payMethod]}</Fact>
        <Fact label="Frequency">{BILLING_FREQUENCY_LABELS[billing.frequency]}</Fact>
        <Fact label="Timing">{BILLING_TIMING_LABELS[billing.timing]}</Fact>
        <Fact label="Start date">{billing.startDate ? formatDate(billing.startDate) : 'Not set'}</Fact>
        <Fact label="Accounts">
          {unit.accounts} ({unit.openAccounts} open)
        </Fact>
      </Stack>
      <Group gap="md" mt="md">
        {infoHref && (
          <Anchor component={Link} to={infoHref} size="sm">
            Billing Information
          </Anchor>
        )}
        {accountsHref && (
          <Anchor component={Link} to={accountsHref} size="sm">
            Investment Accounts
          </Anchor>
        )}
      </Group>
    </Card>
  );
};

/** Tab 0, General: the unit's readiness for the period and its billing information in short. */
export const GeneralTab = (props: BillingUnitTabProps) => (
  <Grid gap="lg" align="stretch">
    <Grid.Col span={{ base: 12, md: 7 }}>
      <ReadinessCard {...props} />
    </Grid.Col>
    <Grid.Col span={{ base: 12, md: 5 }}>
      <BillingSummaryCard {...props} />
    </Grid.Col>
  </Grid>
);
