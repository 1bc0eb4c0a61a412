import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

type IconActionProps = {
  /** The tooltip: 'Edit'. */
  tooltip: string;
  /** The accessible name, which says what it acts on: 'Edit Standard AUM'. */
  label: string;
  icon: Icon;
  onClick: () => void;
  /** 'red.9' for destructive actions. */
  color?: string;
  disabled?: boolean;
};

/** A row's icon button with its tooltip (Edit, Delete, View…). */
export const IconAction = ({
  tooltip,
  label,
  icon: IconComponent,
  onClick,
  color,
  disabled,
}: IconActionProps) => (
  <Tooltip label={tooltip}>
    <ActionIcon
      variant="subtle"
      {...(color ? { color } : {})}
      aria-label={label}
      onClick={onClick}
      {...(disabled !== undefined ? { disabled } : {})}
    >
      <IconComponent size={16} aria-hidden="true" />
    </ActionIcon>
  </Tooltip>
);
