import {
  ADVISOR_ROLE_LABELS,
  ADVISOR_ROLES,
  type AdvisorRole,
  CLIENT_API_MESSAGES,
  type ClientDetail,
  type UpdateClientTeamBody,
} from '@centric/contracts';
import { Avatar, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { AuthenticatedAvatar } from '../../../../components/authenticated-avatar.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useUpdateTeam } from '../../api/update-team.ts';
import { SectionAction, SectionCard } from './section-card.tsx';
import { type PickedUser, UserPicker } from '../../../../components/user-picker.tsx';
import { FormActions } from '../../../../components/form-actions.tsx';

type Team = ClientDetail['team'];
type TeamState = Record<AdvisorRole, PickedUser | null>;

const teamState = (team: Team): TeamState =>
  Object.fromEntries(
    ADVISOR_ROLES.map((role) => [role, team.find((entry) => entry.role === role)?.user ?? null]),
  ) as TeamState;

type TeamModalProps = { clientId: string; team: Team; opened: boolean; onClose: () => void };

/** One user picker per advisor role; saving replaces the whole team (PUT …/team). */
const TeamModal = ({ clientId, team, opened, onClose }: TeamModalProps) => {
  const update = useUpdateTeam();
  const [value, setValue] = useState<TeamState>(() => teamState(team));

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(
      ADVISOR_ROLES.map((role) => [role, value[role]?.id ?? null]),
    ) as UpdateClientTeamBody;
    update.mutate(
      { clientId, body },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || CLIENT_API_MESSAGES.teamUpdated);
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Edit team" centered size="lg">
      <form onSubmit={handleSave} noValidate aria-label="Edit team">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {ADVISOR_ROLES.map((role) => (
              <UserPicker
                key={role}
                label={ADVISOR_ROLE_LABELS[role]}
                value={value[role]}
                onChange={(user) => setValue((current) => ({ ...current, [role]: user }))}
              />
            ))}
          </SimpleGrid>
          <FormActions onCancel={onClose} saving={update.isPending} saveLabel="Save team" />
        </Stack>
      </form>
    </Modal>
  );
};

/** The advisors who serve the household, one per role; writers edit them in a modal. */
export const TeamCard = ({
  clientId,
  team,
  canWrite,
}: {
  clientId: string;
  team: Team;
  canWrite: boolean;
}) => {
  const [editing, setEditing] = useState(false);
  const assigned = teamState(team);
  return (
    <SectionCard
      title="Team"
      icon={<IconUsersGroup size={18} />}
      actions={
        canWrite && <SectionAction label="Edit team" icon={IconPencil} onClick={() => setEditing(true)} />
      }
    >
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Team">
        {ADVISOR_ROLES.map((role) => {
          const user = assigned[role];
          const title = team.find((entry) => entry.role === role)?.title ?? ADVISOR_ROLE_LABELS[role];
          return (
            <Group component="li" key={role} gap="sm" wrap="nowrap">
              {user ? (
                <AuthenticatedAvatar
                  imagePath={user.profileImageUrl}
                  name={user.fullName}
                  size={38}
                  radius="xl"
                />
              ) : (
                <Avatar size={38} radius="xl" variant="outline" color="gray" aria-hidden="true">
                  <IconUser size={18} />
                </Avatar>
              )}
              <Stack gap={0} miw={0}>
                <Text size="xs" c="dimmed">
                  {title}
                </Text>
                <Text size="sm" fw={user ? 600 : 400} c={user ? undefined : 'dimmed'} truncate="end">
                  {user ? user.fullName : 'Not assigned'}
                </Text>
              </Stack>
            </Group>
          );
        })}
      </Stack>
      {editing && <TeamModal clientId={clientId} team={team} opened onClose={() => setEditing(false)} />}
    </SectionCard>
  );
};
