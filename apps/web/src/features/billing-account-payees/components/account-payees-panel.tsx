import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { useAccountPayees } from '../api/get-account-payees.ts';
import { AccountPayeesEditor } from './account-payees-editor.tsx';

type AccountPayeesPanelProps = {
  accountId: string;
  /** billingAccounts write: edit the list. */
  canWrite: boolean;
};

/**
 * The accounts that pay this account's fee, each its percent (spec §3 Account payee), on the account's
 * Billing tab. Without any, the fee-paying account pays the whole fee.
 */
export const AccountPayeesPanel = ({ accountId, canWrite }: AccountPayeesPanelProps) => {
  const payees = useAccountPayees(accountId);
  const [editing, setEditing] = useState(false);
  const rows = payees.data?.payees ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="account-payees">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h4" id="account-payees">
            Account payees
          </Title>
          <Text size="sm" c="dimmed">
            The accounts this account&apos;s fee is split over, by percent.
          </Text>
        </Stack>
        {canWrite && rows.length > 0 && (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden="true" />}
            onClick={() => setEditing(true)}
          >
            Edit payees
          </Button>
        )}
      </Group>
      <ListPanel
        query={payees}
        loadingLabel={<ListSkeleton label="Loading account payees..." rows={2} />}
        isEmpty={rows.length === 0}
        empty={{
          icon: <IconUsersGroup size={28} aria-hidden="true" />,
          title: 'No split',
          description: "The fee-paying account pays this account's whole fee.",
          add: canWrite ? { label: 'Add payees', onClick: () => setEditing(true) } : undefined,
        }}
      >
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Account payees">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Paying account</Table.Th>
                  <Table.Th>Household</Table.Th>
                  <Table.Th ta="right">Pay percent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((payee) => (
                  <Table.Tr key={payee.accountId}>
                    <Table.Td>
                      {payee.registrationName}
                      {payee.status === 'CLOSED' && (
                        <Badge ml="xs" color="red" variant="light">
                          Closed
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{payee.household}</Table.Td>
                    <Table.Td ta="right">{payee.payPercent}%</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListPanel>
      <AccountPayeesEditor
        accountId={accountId}
        payees={rows}
        opened={editing}
        onClose={() => setEditing(false)}
      />
    </Stack>
  );
};
