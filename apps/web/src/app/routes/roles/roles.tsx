import { ROLE_MESSAGES, type Role } from '@centric/contracts';
import { Button, EmptyState, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useRoles } from '../../../features/roles/api/get-roles.ts';
import { useUpdateRole } from '../../../features/roles/api/update-role.ts';
import { PermissionEditor } from '../../../features/roles/components/permission-editor.tsx';
import { RoleFormModal } from '../../../features/roles/components/role-form-modal.tsx';
import { RolesTable } from '../../../features/roles/components/roles-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePermission } from '../../../lib/permissions.ts';

/** `/roles?roleId=…`: the roles on the left, the selected role's permission matrix on the right. */
export const RolesScreen = () => {
  const roles = useRoles();
  const update = useUpdateRole();
  const canWrite = usePermission('roles', 'write');
  const [params, setParams] = useSearchParams();
  const [formTarget, setFormTarget] = useState<Role | 'new' | null>(null);
  const [togglingId, setTogglingId] = useState<number | null>(null);

  const select = (role: Role) =>
    setParams(
      (current) => {
        current.set('roleId', String(role.id));
        return current;
      },
      { replace: true },
    );

  const handleToggle = (role: Role, active: boolean) => {
    setTogglingId(role.id);
    update.mutate(
      { id: role.id, body: { active } },
      {
        onSuccess: ({ message }) => notifySuccess(message || ROLE_MESSAGES.updated),
        onError: (error) => notifyError(errorMessage(error)),
        onSettled: () => setTogglingId(null),
      },
    );
  };

  const header = (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Roles
        </Title>
        <Text c="dimmed" size="sm">
          A role decides what its users may read, write and delete in every part of Centric.
        </Text>
      </Stack>
      {canWrite && (
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setFormTarget('new')}>
          New role
        </Button>
      )}
    </Group>
  );

  const requested = Number(params.get('roleId'));
  const page = (list: Role[]) => {
    const selected = list.find((r) => r.id === requested) ?? list[0] ?? null;
    return list.length === 0 ? (
      <EmptyState icon={<IconShieldCheck size={28} aria-hidden="true" />} withIndicatorBackground>
        <EmptyState.Title order={2}>No roles yet</EmptyState.Title>
      </EmptyState>
    ) : (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="lg" p="xs">
            <RolesTable
              roles={list}
              selectedId={selected?.id ?? null}
              canWrite={canWrite}
              onSelect={select}
              onEdit={(role) => setFormTarget(role)}
              onToggleActive={handleToggle}
              togglingId={togglingId}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {selected && <PermissionEditor key={selected.id} role={selected} canWrite={canWrite} />}
        </Grid.Col>
      </Grid>
    );
  };

  return (
    <Stack gap="lg">
      {header}
      <QueryState query={roles} loading="Loading roles...">
        {page}
      </QueryState>
      <RoleFormModal target={formTarget} onClose={() => setFormTarget(null)} onCreated={select} />
    </Stack>
  );
};
