import { BILLING_FREQUENCY_LABELS, BILLING_TIMING_LABELS, PAY_METHOD_LABELS } from '@centric/contracts';
import { Anchor, Badge, Card, EmptyState, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { useAccountValues } from '../api/get-account-values.ts';
import { type UnitAccount, useUnitAccounts } from '../api/list-unit-accounts.ts';
import type { BillingUnitTabProps } from './tab-props.ts';

const Missing = ({ children }: { children: string }) => (
  <Group gap={4} wrap="nowrap">
    <IconAlertTriangle size={14} color="var(--mantine-color-red-8)" aria-hidden="true" />
    <Text size="sm" c="red.8" fw={500}>
      {children}
    </Text>
  </Group>
);

const Nothing = ({ label }: { label: string }) => (
  <Text size="sm" c="dimmed">
    <span aria-hidden="true">—</span>
    <VisuallyHidden>{label}</VisuallyHidden>
  </Text>
);

/** Who pays the account's fee: another account (named with its household when not this one), itself, or none. */
const FeePaidBy = ({ account }: { account: UnitAccount }) => {
  if (account.payMethod !== 'INDIRECT') return <Nothing label="Not indirect" />;
  const payer = account.feePayingAccount;
  if (!payer) return <Missing>No fee-paying account</Missing>;
  if (payer.id === account.accountId)
    return (
      <Text size="sm" c="dimmed">
        This account
      </Text>
    );
  return (
    <div>
      <Anchor component={Link} to={paths.billingAccount.href(payer.id, payer.clientId)} size="sm">
        {payer.registrationName}
      </Anchor>
      <Text size="xs" c="dimmed">
        {payer.clientId === account.clientId ? 'This household' : payer.household}
      </Text>
    </div>
  );
};

type AccountsTableProps = {
  clientId: string;
  accounts: readonly UnitAccount[];
  /** Each account's value today by id; undefined while loading; null when not shown (no permission). */
  values: ReadonlyMap<string, string> | undefined | null;
  valuesFailed: boolean;
};

const AccountsTable = ({ clientId, accounts, values, valuesFailed }: AccountsTableProps) => (
  <Table.ScrollContainer minWidth={960}>
    <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Investment accounts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Account</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Fee schedule</Table.Th>
          <Table.Th>Pay method</Table.Th>
          <Table.Th>Frequency</Table.Th>
          <Table.Th>Fee paid by</Table.Th>
          {values !== null && <Table.Th ta="right">Value today</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {accounts.map((account) => {
          const value = values?.get(account.accountId);
          return (
            <Table.Tr key={account.accountId}>
              <Table.Td maw={280}>
                <Anchor
                  component={Link}
                  to={paths.billingAccount.href(account.accountId, clientId)}
                  size="sm"
                  fw={600}
                  style={{ display: 'block' }}
                  truncate="end"
                  title={account.registrationName}
                >
                  {account.registrationName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {account.custodian} · {account.custodianNumber}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={account.status === 'OPEN' ? 'green' : 'gray'}
                  c="dark.7"
                  radius="sm"
                >
                  {account.status === 'OPEN' ? 'Open' : 'Closed'}
                </Badge>
              </Table.Td>
              <Table.Td>
                {account.feeSchedule ? (
                  <Text size="sm">{account.feeSchedule.name}</Text>
                ) : (
                  <Missing>No fee schedule</Missing>
                )}
              </Table.Td>
              <Table.Td>
                {account.payMethod === 'UNASSIGNED' ? (
                  <Missing>{PAY_METHOD_LABELS.UNASSIGNED}</Missing>
                ) : (
                  <Text size="sm">{PAY_METHOD_LABELS[account.payMethod]}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{BILLING_FREQUENCY_LABELS[account.frequency]}</Text>
                <Text size="xs" c="dimmed">
                  {BILLING_TIMING_LABELS[account.timing]}
                  {account.startDate ? ` · from ${formatDate(account.startDate)}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <FeePaidBy account={account} />
              </Table.Td>
              {values !== null && (
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {values === undefined && !valuesFailed ? (
                    <Skeleton height={12} width={80} ml="auto" aria-label="Loading value" />
                  ) : value !== undefined ? (
                    <Text size="sm">{formatMoney(value)}</Text>
                  ) : (
                    <Nothing label={valuesFailed ? 'Value could not be loaded' : 'No value'} />
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/**
 * Tab 5, Investment Accounts: the household's accounts with their fee settings (billingAccounts read, checked
 * by the route), and each one's value today when the user may read managed accounts.
 */
export const InvestmentAccountsTab = ({ unit }: BillingUnitTabProps) => {
  const { clientId } = unit.billing;
  const today = useFirmToday();
  const canReadValues = usePermission('managedAccounts', 'read');
  const accounts = useUnitAccounts(clientId);
  const valuation = useAccountValues(clientId, today, canReadValues);
  const values = !canReadValues
    ? null
    : valuation.data
      ? new Map(valuation.data.accounts.map((a) => [a.id, a.marketValue]))
      : undefined;
  return (
    <Card withBorder radius="lg" padding={0}>
      <QueryState
        query={accounts}
        loading={<ListSkeleton label="Loading accounts..." />}
        errorTitle="The accounts could not be loaded"
      >
        {({ accounts: items, total }) =>
          items.length === 0 ? (
            <EmptyState
              variant="light"
              py="xl"
              icon={<IconWallet size={28} aria-hidden="true" />}
              title="No investment accounts"
              description="Accounts are opened on the household's Managed Accounts tab; once it has one, the household is a billing unit."
            />
          ) : (
            <>
              <AccountsTable
                clientId={clientId}
                accounts={items}
                values={values}
                valuesFailed={valuation.isError}
              />
              {total > items.length && (
                <Text size="xs" c="dimmed" p="sm">
                  Showing the first {items.length} of {total} accounts.
                </Text>
              )}
            </>
          )
        }
      </QueryState>
    </Card>
  );
};
