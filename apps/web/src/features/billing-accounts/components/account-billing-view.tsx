import type { AccountBilling } from '@centric/contracts';
import { Anchor, Badge, Button, Center, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconReceiptOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUnitNumber } from '../../../lib/format.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { paths } from '../../../lib/paths.ts';
import { useAccountBilling } from '../api/get-account-billing.ts';

const BackToAccounts = () => (
  <Anchor component={Link} to={paths.billingAccounts.href()} size="sm" w="fit-content">
    <Group gap={4} wrap="nowrap">
      <IconArrowLeft size={14} aria-hidden="true" />
      Accounts
    </Group>
  </Anchor>
);

const AccountNotFound = () => (
  <Center mih="50vh">
    <EmptyState variant="light" icon={<IconReceiptOff size={30} aria-hidden="true" />}>
      <EmptyState.Title order={1}>Account not found</EmptyState.Title>
      <EmptyState.Description>This account does not exist, or the link may be wrong.</EmptyState.Description>
      <EmptyState.Actions>
        <Button
          component={Link}
          to={paths.billingAccounts.href()}
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        >
          Back to accounts
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  </Center>
);

/** The account page's header: name and status, its household (the billing unit), custodian and number. */
export const AccountBillingHeader = ({ account }: { account: AccountBilling }) => (
  <Stack gap={6}>
    <BackToAccounts />
    <Group gap="sm" align="center">
      <Title order={1} size="h2">
        {account.registrationName}
      </Title>
      <Badge variant="light" color={account.status === 'OPEN' ? 'green' : 'gray'} c="dark.7" radius="sm">
        {account.status === 'OPEN' ? 'Open' : 'Closed'}
      </Badge>
    </Group>
    <Group gap="lg" wrap="wrap">
      <Text size="sm">
        <Text span c="dimmed" inherit>
          Household{' '}
        </Text>
        <Anchor component={Link} to={paths.billingHousehold.href(account.clientId)} inherit>
          {account.household}
        </Anchor>
      </Text>
      <Text size="sm">
        <Text span c="dimmed" inherit>
          Unit{' '}
        </Text>
        <Text span ff="monospace" inherit>
          {formatUnitNumber(account.unitId)}
        </Text>
      </Text>
      <Text size="sm">
        <Text span c="dimmed" inherit>
          Custodian{' '}
        </Text>
        {account.custodian}{' '}
        <Text span ff="monospace" inherit>
          {account.custodianNumber}
        </Text>
      </Text>
    </Group>
  </Stack>
);

type AccountBillingViewProps = {
  accountId: string;
  /** The page under the header (its tabs), once the account is loaded. */
  children: (account: AccountBilling) => ReactNode;
};

/** An account's billing page: loading, not found or the error, then the header and what the route puts under it. */
export const AccountBillingView = ({ accountId, children }: AccountBillingViewProps) => {
  const query = useAccountBilling(accountId);
  return (
    <QueryState
      query={query}
      loading="Loading the account..."
      errorTitle="The account could not be loaded"
      notFound={<AccountNotFound />}
      errorActions={<BackToAccounts />}
    >
      {(account) => (
        <Stack gap="lg">
          <AccountBillingHeader account={account} />
          {children(account)}
        </Stack>
      )}
    </QueryState>
  );
};
