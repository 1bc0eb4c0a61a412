import { Group, Table, VisuallyHidden } from '@mantine/core';
import { type Icon, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconAction } from './icon-action.tsx';

export type RowAction = {
  /** The verb: the tooltip, and with the row's name the button's accessible name ('Edit' → 'Edit Standard AUM'). */
  label: string;
  icon: Icon;
  onClick: () => void;
  /** A destructive action (Delete): red. */
  danger?: boolean;
  /** False leaves the action out (the user may not). Default true. */
  allowed?: boolean;
};

/** Edit (a pencil), the same in every list. */
export const editAction = (onClick: () => void, allowed = true): RowAction => ({
  label: 'Edit',
  icon: IconPencil,
  allowed,
  onClick,
});

/** Delete (a red bin), the same in every list; the caller asks for confirmation. */
export const deleteAction = (onClick: () => void, allowed = true): RowAction => ({
  label: 'Delete',
  icon: IconTrash,
  danger: true,
  allowed,
  onClick,
});

/** The header of a list's actions column: named for screen readers, nothing to see. */
export const RowActionsHeader = () => (
  <Table.Th>
    <VisuallyHidden>Actions</VisuallyHidden>
  </Table.Th>
);

type RowActionsCellProps = {
  /** What the row is, as its actions name it: 'Standard AUM'. */
  name: string;
  actions: readonly RowAction[];
  /** An action of another kind shown before the others (a file picker). */
  children?: ReactNode;
};

/**
 * The last cell of a list row: its icon buttons on one line at the right, each with a tooltip and an
 * accessible name that says what it acts on. Each is a button: Tab reaches it, Enter or Space runs it.
 */
export const RowActionsCell = ({ name, actions, children }: RowActionsCellProps) => (
  <Table.Td>
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
      {actions
        .filter((action) => action.allowed !== false)
        .map((action) => (
          <IconAction
            key={action.label}
            tooltip={action.label}
            label={`${action.label} ${name}`}
            icon={action.icon}
            onClick={action.onClick}
            {...(action.danger ? { color: 'red.9' } : {})}
          />
        ))}
    </Group>
  </Table.Td>
);
