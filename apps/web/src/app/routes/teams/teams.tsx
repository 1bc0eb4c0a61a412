import { TEAM_MESSAGES, type Team } from '@centric/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { useDeleteTeam } from '../../../features/teams/api/delete-team.ts';
import { useTeams } from '../../../features/teams/api/get-teams.ts';
import { TeamFormModal } from '../../../features/teams/components/team-form-modal.tsx';
import { TeamsTable } from '../../../features/teams/components/teams-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePermission } from '../../../lib/permissions.ts';

/** `/teams`: the firm's teams, their members and logos. */
export const TeamsScreen = () => {
  const teams = useTeams();
  const remove = useDeleteTeam();
  const canWrite = usePermission('teams', 'write');
  const canDelete = usePermission('teams', 'delete');
  const [formTarget, setFormTarget] = useState<Team | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => notifySuccess(message || TEAM_MESSAGES.deleted),
      onError: (error) => notifyError(errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Teams
          </Title>
          <Text c="dimmed" size="sm">
            Teams group advisors and staff who serve households together.
          </Text>
        </Stack>
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setFormTarget('new')}
          >
            New team
          </Button>
        )}
      </Group>
      <ListPanel
        query={teams}
        loadingLabel="Loading teams..."
        isEmpty={teams.data?.length === 0}
        empty={{
          icon: <IconUsersGroup size={28} aria-hidden="true" />,
          title: 'No teams yet',
          description: canWrite
            ? 'Create the first team with New team.'
            : 'Teams appear here once an administrator creates them.',
        }}
      >
        <TeamsTable
          teams={teams.data ?? []}
          canWrite={canWrite}
          canDelete={canDelete}
          onEdit={(team) => setFormTarget(team)}
          onDelete={(team) => setDeleting(team)}
        />
      </ListPanel>
      <TeamFormModal target={formTarget} onClose={() => setFormTarget(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        confirmLabel="Delete team"
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        Delete the team {deleting?.name}? Its members stay users of Centric; only the team goes.
      </ConfirmDeleteModal>
    </Stack>
  );
};
