import type { Team } from '@centric/contracts';
import { Avatar, Group, Table, Text, Tooltip } from '@mantine/core';
import { AuthenticatedAvatar } from '../../../components/authenticated-avatar.tsx';
import {
  RowActionsCell,
  RowActionsHeader,
  deleteAction,
  editAction,
} from '../../../components/row-actions.tsx';
import { TeamLogoButton } from './team-logo-button.tsx';

type TeamsTableProps = {
  teams: readonly Team[];
  canWrite: boolean;
  canDelete: boolean;
  onEdit: (team: Team) => void;
  onDelete: (team: Team) => void;
};

const MAX_AVATARS = 4;

export const TeamsTable = ({ teams, canWrite, canDelete, onEdit, onDelete }: TeamsTableProps) => (
  <Table.ScrollContainer minWidth={760}>
    <Table verticalSpacing="sm" highlightOnHover aria-label="Teams">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Team</Table.Th>
          <Table.Th>Location</Table.Th>
          <Table.Th>Email alias</Table.Th>
          <Table.Th>Members</Table.Th>
          {(canWrite || canDelete) && <RowActionsHeader />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {teams.map((team) => (
          <Table.Tr key={team.id}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <AuthenticatedAvatar imagePath={team.logoUrl} name={team.name} size={36} radius="md" />
                <Text size="sm" fw={600}>
                  {team.name}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={team.location ? undefined : 'dimmed'}>
                {team.location || '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={team.emailAlias ? undefined : 'dimmed'}>
                {team.emailAlias || '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              {team.members.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No members
                </Text>
              ) : (
                <Tooltip label={team.members.map((m) => m.fullName).join(', ')} multiline w={280}>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar.Group spacing={6}>
                      {team.members.slice(0, MAX_AVATARS).map((m) => (
                        <AuthenticatedAvatar
                          key={m.id}
                          imagePath={m.profileImageUrl}
                          name={m.fullName}
                          size={30}
                          radius="xl"
                        />
                      ))}
                      {team.members.length > MAX_AVATARS && (
                        <Avatar size={30} radius="xl">
                          +{team.members.length - MAX_AVATARS}
                        </Avatar>
                      )}
                    </Avatar.Group>
                    <Text size="sm" c="dimmed">
                      {team.members.length} {team.members.length === 1 ? 'member' : 'members'}
                    </Text>
                  </Group>
                </Tooltip>
              )}
            </Table.Td>
            {(canWrite || canDelete) && (
              <RowActionsCell
                name={team.name}
                actions={[
                  editAction(() => onEdit(team), canWrite),
                  deleteAction(() => onDelete(team), canDelete),
                ]}
              >
                {canWrite && <TeamLogoButton teamId={team.id} teamName={team.name} />}
              </RowActionsCell>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
