import {
  type AccountBilling,
  BILLING_FREQUENCY_LABELS,
  BILLING_TIMING_LABELS,
  PAY_METHOD_LABELS,
} from '@centric/contracts';
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatUnitNumber } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { PayMethodBadge } from './billing-accounts-table.tsx';
import { BillingSection } from './billing-section.tsx';
import { PAY_METHOD_EXPLANATIONS, VALUATION_LABEL, payerOf } from './billing-text.ts';

/** Spec §2 Account tabs: the index of This Account Pays For and of Billing. */
const PAYS_FOR_TAB = '2';
const BILLING_TAB = '1';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <div>{children}</div>
  </Stack>
);

/** Who pays the account's fee, in words. */
const WhoPays = ({ account }: { account: AccountBilling }) => {
  const payer = payerOf(account);
  if (account.payMethod === 'ACH') return <Text size="sm">The household, from its ACH bank account.</Text>;
  if (account.payMethod === 'UNASSIGNED')
    return (
      <Text size="sm">Nobody yet: the pay method is unassigned, so the account is not ready to bill.</Text>
    );
  switch (payer.kind) {
    case 'itself':
      return <Text size="sm">This account itself: the custodian deducts the fee from it.</Text>;
    case 'other':
      return (
        <Text size="sm">
          <Anchor
            component={Link}
            to={paths.billingAccount.href(payer.payer.id, payer.payer.clientId)}
            inherit
          >
            {payer.payer.registrationName}
          </Anchor>{' '}
          ({payer.payer.household}): the custodian deducts the fee from that account.
        </Text>
      );
    default:
      return (
        <Text size="sm" c="red.8" fw={500}>
          No fee-paying account: choose one on the{' '}
          <Anchor
            component={Link}
            to={paths.billingAccount.href(account.accountId, account.clientId, BILLING_TAB)}
            inherit
          >
            Billing tab
          </Anchor>
          .
        </Text>
      );
  }
};

/** Tab 0 General: the account's fee setting at a glance, who pays it, and its billing unit. */
export const AccountGeneral = ({ account }: { account: AccountBilling }) => {
  const paysFor = account.paysFor.length;
  return (
    <Stack gap="lg">
      <BillingSection title="Fee setting">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="lg">
          <Fact label="Fee schedule">
            {account.feeSchedule ? (
              <Text size="sm">{account.feeSchedule.name}</Text>
            ) : (
              <Text size="sm" c="red.8" fw={500}>
                No fee schedule
              </Text>
            )}
          </Fact>
          <Fact label="Pay method">
            <Stack gap={4}>
              <Group>
                <PayMethodBadge payMethod={account.payMethod} />
              </Group>
              <Text size="xs" c="dimmed">
                {PAY_METHOD_EXPLANATIONS[account.payMethod]}
              </Text>
            </Stack>
          </Fact>
          <Fact label="Frequency">
            <Text size="sm">{BILLING_FREQUENCY_LABELS[account.frequency]}</Text>
          </Fact>
          <Fact label="Timing">
            <Text size="sm">{BILLING_TIMING_LABELS[account.timing]}</Text>
          </Fact>
          <Fact label="Valuation">
            <Text size="sm">{VALUATION_LABEL}</Text>
          </Fact>
          <Fact label="Start date">
            <Text size="sm">{account.startDate ? formatDate(account.startDate) : 'Not set'}</Text>
          </Fact>
        </SimpleGrid>
      </BillingSection>
      <BillingSection title="Who pays">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <Fact label={`Fee paid by (${PAY_METHOD_LABELS[account.payMethod]})`}>
            <WhoPays account={account} />
          </Fact>
          <Fact label="Pays the fee of">
            {paysFor > 0 ? (
              <Anchor
                component={Link}
                to={paths.billingAccount.href(account.accountId, account.clientId, PAYS_FOR_TAB)}
                size="sm"
              >
                {paysFor} other {paysFor === 1 ? 'account' : 'accounts'}
              </Anchor>
            ) : (
              <Text size="sm">No other account</Text>
            )}
          </Fact>
          <Fact label="Billing unit">
            <Anchor component={Link} to={paths.billingHousehold.href(account.clientId)} size="sm">
              {formatUnitNumber(account.unitId)} · {account.household}
            </Anchor>
          </Fact>
        </SimpleGrid>
      </BillingSection>
    </Stack>
  );
};
