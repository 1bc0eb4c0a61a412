import type { AccountBilling } from '@centric/contracts';
import { Anchor, EmptyState, Paper, Table, Text } from '@mantine/core';
import { IconArrowsSplit2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { payerOf } from './billing-text.ts';

/** Why no account pays through this one: it pays only its own fee, or none. */
const emptyReason = (account: AccountBilling) => {
  const payer = payerOf(account);
  if (payer.kind === 'itself') return 'It pays only its own fee: the custodian deducts no other fee from it.';
  if (payer.kind === 'other')
    return `It pays no fee: its own is deducted from ${payer.payer.registrationName}.`;
  return 'It pays no fee through the custodian: no account has it as its fee-paying account.';
};

/**
 * Tab 2 This Account Pays For: the accounts (of any household) whose fee the custodian deducts from this
 * one, each a link to its own billing page and its household's unit.
 */
export const AccountPaysFor = ({ account }: { account: AccountBilling }) => (
  <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
    {account.paysFor.length === 0 ? (
      <EmptyState py="xl" icon={<IconArrowsSplit2 size={28} aria-hidden="true" />} withIndicatorBackground>
        <EmptyState.Title order={2}>This account pays for no other account</EmptyState.Title>
        <EmptyState.Description>{emptyReason(account)}</EmptyState.Description>
      </EmptyState>
    ) : (
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Accounts this account pays for">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th>Household</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {account.paysFor.map((paid) => (
              <Table.Tr key={paid.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.billingAccount.href(paid.id, paid.clientId)} size="sm">
                    {paid.registrationName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={paths.billingHousehold.href(paid.clientId)} size="sm">
                    {paid.household}
                  </Anchor>
                  {paid.clientId === account.clientId && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (this household)
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    )}
  </Paper>
);
