import { USER_MESSAGES, type UserListItem } from '@centric/contracts';
import { Button, EmptyState, Paper, Stack, Table, Text } from '@mantine/core';
import { IconMailCheck, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUsers } from '../api/get-users.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import type { UsersListState, useUsersListParams } from '../hooks/use-users-list-params.ts';
import { failureMessage } from './failure-message.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { StatusBadge } from './users-table.tsx';

type InvitationsPanelProps = {
  state: UsersListState;
  update: ReturnType<typeof useUsersListParams>['update'];
};

/** Active users who have not set their password yet: pending or expired invitations, with Resend. */
export const InvitationsPanel = ({ state, update }: InvitationsPanelProps) => {
  const invitations = useUsers({
    page: state.page,
    limit: state.limit,
    sortBy: 'createdAt',
    order: 'DESC',
    status: 'ACTIVE',
    invitationAccepted: false,
  });
  const resend = useResendInvitation();
  const [sendingId, setSendingId] = useState<string | null>(null);

  const handleResend = (user: UserListItem) => {
    setSendingId(user.id);
    resend.mutate(user.id, {
      onSuccess: ({ message }) => notifySuccess(message || USER_MESSAGES.invitationSent),
      onError: (error) => notifyError(failureMessage(error)),
      onSettled: () => setSendingId(null),
    });
  };

  const page = ({ items, total }: NonNullable<typeof invitations.data>) => {
    if (items.length === 0)
      return (
        <Paper withBorder radius="lg" p="xl">
          <EmptyState icon={<IconMailCheck size={28} aria-hidden="true" />} withIndicatorBackground>
            <EmptyState.Title order={2}>No open invitations</EmptyState.Title>
            <EmptyState.Description>Everyone who was invited has set a password.</EmptyState.Description>
          </EmptyState>
        </Paper>
      );

    return (
      <Stack gap="md">
        <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Invitation</Table.Th>
                  <Table.Th>Link expires</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {user.fullName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{user.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{user.role.role}</Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge user={user} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {user.invitationExpiresAt ? formatDate(user.invitationExpiresAt) : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconMailForward size={14} aria-hidden="true" />}
                        loading={sendingId === user.id}
                        onClick={() => handleResend(user)}
                        aria-label={`Resend invitation to ${user.fullName}`}
                      >
                        Resend
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <ListFooter page={state.page} limit={state.limit} total={total} onChange={update} />
      </Stack>
    );
  };

  return (
    <QueryState query={invitations} loading="Loading invitations...">
      {page}
    </QueryState>
  );
};
