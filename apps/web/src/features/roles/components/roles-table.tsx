import { type Role, isSystemRole } from '@centric/contracts';
import { ActionIcon, Group, Switch, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconLock, IconPencil } from '@tabler/icons-react';

type RolesTableProps = {
  roles: readonly Role[];
  selectedId: number | null;
  canWrite: boolean;
  onSelect: (role: Role) => void;
  onEdit: (role: Role) => void;
  onToggleActive: (role: Role, active: boolean) => void;
  togglingId: number | null;
};

/** The roles, each selectable to open its permission matrix; rename and activate where allowed. */
export const RolesTable = ({
  roles,
  selectedId,
  canWrite,
  onSelect,
  onEdit,
  onToggleActive,
  togglingId,
}: RolesTableProps) => (
  <Table verticalSpacing="sm" highlightOnHover aria-label="Roles">
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Role</Table.Th>
        <Table.Th ta="right">Users</Table.Th>
        <Table.Th>Active</Table.Th>
        <Table.Th />
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {roles.map((role) => {
        const selected = role.id === selectedId;
        const locked = isSystemRole(role.id) || !role.editable;
        return (
          <Table.Tr key={role.id} bg={selected ? 'var(--mantine-color-brand-0)' : undefined}>
            <Table.Td>
              <UnstyledButton
                onClick={() => onSelect(role)}
                aria-current={selected ? 'true' : undefined}
                w="100%"
              >
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={selected ? 700 : 500}>
                    {role.displayName}
                  </Text>
                  {locked && (
                    <Tooltip label="System role: not editable">
                      <IconLock size={14} aria-label="Not editable" />
                    </Tooltip>
                  )}
                </Group>
                {role.description && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {role.description}
                  </Text>
                )}
              </UnstyledButton>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{role.userCount}</Text>
            </Table.Td>
            <Table.Td>
              <Switch
                aria-label={`${role.displayName} active`}
                checked={role.active}
                disabled={!canWrite || locked || role.id === 1 || togglingId === role.id}
                onChange={(event) => onToggleActive(role, event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td ta="right">
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {canWrite && !locked && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit ${role.displayName}`}
                    onClick={() => onEdit(role)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Permissions of ${role.displayName}`}
                  onClick={() => onSelect(role)}
                >
                  <IconChevronRight size={16} />
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </Table.Tbody>
  </Table>
);
