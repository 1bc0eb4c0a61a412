import type { UserListItem, UserSortKey, UserSortOrder } from '@centric/contracts';
import { ActionIcon, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  IconDots,
  IconMailForward,
  IconPencil,
  IconShieldLock,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { AuthenticatedAvatar } from '../../../components/authenticated-avatar.tsx';
import { formatDate } from '../../../lib/format.ts';
import { SortableTh } from '../../../components/sortable-th.tsx';

export type UserAction = 'edit' | 'deactivate' | 'reactivate' | 'resetMfa' | 'resendInvitation';

export type UserActionRights = {
  canWrite: boolean;
  canDelete: boolean;
  /** Resetting another user's MFA is for administrators (role 1). */
  canResetMfa: boolean;
  currentUserId: string;
};

type UsersTableProps = {
  users: readonly UserListItem[];
  sortBy: UserSortKey;
  order: UserSortOrder;
  onSort: (column: UserSortKey) => void;
  rights: UserActionRights;
  onAction: (action: UserAction, user: UserListItem) => void;
};

/** The actions a row offers this user; none when the user may do nothing (then the menu is hidden). */
export const actionsFor = (user: UserListItem, rights: UserActionRights): UserAction[] => {
  const self = user.id === rights.currentUserId;
  const actions: UserAction[] = [];
  if (rights.canWrite) actions.push('edit');
  if (rights.canWrite && !user.invitationAccepted && user.status === 'ACTIVE')
    actions.push('resendInvitation');
  if (rights.canResetMfa && !self && user.mfaEnrolled && user.status === 'ACTIVE') actions.push('resetMfa');
  if (rights.canDelete && !self) actions.push(user.status === 'ACTIVE' ? 'deactivate' : 'reactivate');
  return actions;
};

const ACTION_LABELS: Record<UserAction, string> = {
  edit: 'Edit role and teams',
  resendInvitation: 'Resend invitation',
  resetMfa: 'Reset MFA',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
};

const ACTION_ICONS = {
  edit: IconPencil,
  resendInvitation: IconMailForward,
  resetMfa: IconShieldLock,
  deactivate: IconUserOff,
  reactivate: IconUserCheck,
} as const;

export const StatusBadge = ({ user }: { user: UserListItem }) => {
  if (user.status === 'INACTIVE')
    return (
      <Badge color="gray" variant="light" radius="sm">
        Inactive
      </Badge>
    );
  if (user.invitationStatus === 'PENDING')
    return (
      <Badge color="blue" variant="light" radius="sm">
        Invited
      </Badge>
    );
  if (user.invitationStatus === 'EXPIRED')
    return (
      <Badge color="orange" variant="light" radius="sm">
        Invite expired
      </Badge>
    );
  return (
    <Badge color="brand" variant="light" radius="sm">
      Active
    </Badge>
  );
};

export const UsersTable = ({ users, sortBy, order, onSort, rights, onAction }: UsersTableProps) => {
  const header = { sort: { sortBy, order }, onSort };
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="fullName" {...header}>
              Name
            </SortableTh>
            <SortableTh column="email" {...header}>
              Email
            </SortableTh>
            <SortableTh column="role" {...header}>
              Role
            </SortableTh>
            <Table.Th>Teams</Table.Th>
            <SortableTh column="status" {...header}>
              Status
            </SortableTh>
            <SortableTh column="createdAt" {...header}>
              Added
            </SortableTh>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const actions = actionsFor(user, rights);
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <AuthenticatedAvatar
                      imagePath={user.profileImageUrl}
                      name={user.fullName}
                      size={32}
                      radius="xl"
                    />
                    <Text size="sm" fw={500}>
                      {user.fullName}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.role.role}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={user.teams.length ? undefined : 'dimmed'}>
                    {user.teams.length ? user.teams.map((team) => team.name).join(', ') : 'None'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge user={user} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(user.createdAt)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  {actions.length > 0 && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.fullName}`}>
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {actions.map((action) => {
                          const Icon = ACTION_ICONS[action];
                          return (
                            <Menu.Item
                              key={action}
                              color={action === 'deactivate' ? 'red.9' : undefined}
                              leftSection={<Icon size={16} aria-hidden="true" />}
                              onClick={() => onAction(action, user)}
                            >
                              {ACTION_LABELS[action]}
                            </Menu.Item>
                          );
                        })}
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
