import { Button } from '@mantine/core';
import { IconFilterOff, IconPlus } from '@tabler/icons-react';

/** Clears a list's search and filters (shown only while something narrows the list). */
export const ResetFiltersButton = ({
  onClick,
  variant = 'subtle',
}: {
  onClick: () => void;
  variant?: 'subtle' | 'light';
}) => (
  <Button
    variant={variant}
    color={variant === 'subtle' ? 'gray' : undefined}
    leftSection={variant === 'subtle' ? <IconFilterOff size={16} aria-hidden="true" /> : undefined}
    onClick={onClick}
  >
    Reset filters
  </Button>
);

/** A list's add button: 'Add fee schedule'. */
export const ListAddButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  // Never squeezed by a long description beside it (a cut 'Exclude as…' at 1024 px).
  <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onClick} style={{ flexShrink: 0 }}>
    {label}
  </Button>
);
