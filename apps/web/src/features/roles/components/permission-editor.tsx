import { ROLE_MESSAGES, type Role, type RolePermissions, isSystemRole } from '@centric/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle, IconLock, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { LeaveGuard } from '../../../components/leave-guard.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRolePermissions } from '../api/get-role-permissions.ts';
import { useSaveRolePermissions } from '../api/save-role-permissions.ts';
import { LOCKED_CELL_EXPLANATION, PermissionGrid } from './permission-grid.tsx';
import { type Matrix, lockedCellsOf, sameMatrix } from './permission-grid-state.ts';

type PermissionEditorProps = { role: Role; canWrite: boolean };

/**
 * The matrix of one role with Save and Discard changes; read-only without roles:write or for the system role.
 * Leaving it with unsaved changes (another role, any link, the browser) asks first.
 */
export const PermissionEditor = ({ role, canWrite }: PermissionEditorProps) => {
  const permissions = useRolePermissions(role.id);
  return (
    <QueryState query={permissions} loading="Loading permissions...">
      {(stored) => <MatrixEditor role={role} canWrite={canWrite} stored={stored} />}
    </QueryState>
  );
};

/** The loaded matrix, its unsaved changes and Save. */
const MatrixEditor = ({ role, canWrite, stored }: PermissionEditorProps & { stored: RolePermissions }) => {
  const save = useSaveRolePermissions();
  const [draft, setDraft] = useState<{ roleId: number; matrix: Matrix } | null>(null);

  const saved = stored.permissions;
  const current = draft && draft.roleId === role.id ? draft.matrix : saved;
  const dirty = !sameMatrix(current, saved);
  const readOnly = !canWrite || !stored.editable || isSystemRole(role.id);
  const locked = lockedCellsOf(role.id);

  const handleSave = () =>
    save.mutate(
      { roleId: role.id, permissions: [...current] },
      {
        onSuccess: ({ message }) => {
          setDraft(null);
          notifySuccess(message || ROLE_MESSAGES.permissionsSaved);
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );

  return (
    <Paper withBorder radius="lg" p="lg">
      <LeaveGuard
        when={dirty && !readOnly}
        message={`Your changes to the permissions of ${role.displayName} are not saved. Leave and discard them?`}
      />
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              Permissions of {role.displayName}
            </Title>
            <Text size="sm" c="dimmed">
              Write and delete include read; removing read removes them too.
            </Text>
          </Stack>
          {!readOnly && (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconRestore size={16} aria-hidden="true" />}
                disabled={!dirty || save.isPending}
                onClick={() => setDraft(null)}
              >
                Discard changes
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
                disabled={!dirty}
                loading={save.isPending}
                onClick={handleSave}
              >
                Save
              </Button>
            </Group>
          )}
        </Group>
        {isSystemRole(role.id) && (
          <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
            {ROLE_MESSAGES.systemRole} It is the service account of integrations.
          </Alert>
        )}
        {role.id === 1 && !readOnly && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            {LOCKED_CELL_EXPLANATION}
          </Alert>
        )}
        <PermissionGrid
          value={current}
          onChange={(matrix) => setDraft({ roleId: role.id, matrix })}
          locked={locked}
          readOnly={readOnly}
        />
      </Stack>
    </Paper>
  );
};
