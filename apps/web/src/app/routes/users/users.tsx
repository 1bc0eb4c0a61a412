import { AUTH_MESSAGES } from '@centric/contracts';
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconLock, IconMail, IconUsers } from '@tabler/icons-react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { InvitationsPanel } from '../../../features/users/components/invitations-panel.tsx';
import { UsersManager } from '../../../features/users/components/users-manager.tsx';
import {
  USER_TABS,
  type UserTab,
  useUsersListParams,
} from '../../../features/users/hooks/use-users-list-params.ts';
import { can, isAdministrator } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';

const isUserTab = (value: string | null): value is UserTab =>
  value !== null && (USER_TABS as readonly string[]).includes(value);

const NoSectionPermission = () => (
  <Alert color="gray" variant="light" icon={<IconLock size={18} />} role="status">
    {AUTH_MESSAGES.noSectionPermission}
  </Alert>
);

/**
 * `/users?tab=manageUsers&pageNo=1&numberOfRecords=10&select=ACTIVE&sortBy=fullName&order=DESC`: the user list
 * (needs users:read, checked by the route guard) and the open invitations (resending needs users:write).
 */
export const UsersScreen = () => {
  const user = useCurrentUser();
  const { state, update } = useUsersListParams();
  if (!user) return <PageLoader />;

  const rights = {
    canWrite: can(user, 'users', 'write'),
    canDelete: can(user, 'users', 'delete'),
    canResetMfa: isAdministrator(user),
    currentUserId: user.id,
  };

  const handleTab = (value: string | null) => {
    if (isUserTab(value) && value !== state.tab) update({ tab: value, pageNo: '1' });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Users
        </Title>
        <Text c="dimmed" size="sm">
          Invite people to Centric, give them a role and teams, and deactivate those who leave.
        </Text>
      </Stack>
      <Tabs value={state.tab} onChange={handleTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="manageUsers" leftSection={<IconUsers size={16} aria-hidden="true" />}>
            Manage users
          </Tabs.Tab>
          <Tabs.Tab value="invitations" leftSection={<IconMail size={16} aria-hidden="true" />}>
            Invitations
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="manageUsers">
          <UsersManager state={state} update={update} rights={rights} />
        </Tabs.Panel>
        <Tabs.Panel value="invitations">
          {rights.canWrite ? <InvitationsPanel state={state} update={update} /> : <NoSectionPermission />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
