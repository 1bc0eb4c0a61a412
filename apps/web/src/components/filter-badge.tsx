import { Badge, CloseButton } from '@mantine/core';
import type { ReactNode } from 'react';

/** A filter a list is narrowed by ('Provider: Prudential'), with its × to show everything again. */
export const FilterBadge = ({
  children,
  clearLabel,
  onClear,
}: {
  children: ReactNode;
  /** The ×'s accessible name: 'Show every provider'. */
  clearLabel: string;
  onClear: () => void;
}) => (
  <Badge
    size="lg"
    variant="light"
    radius="sm"
    tt="none"
    rightSection={<CloseButton size="xs" aria-label={clearLabel} onClick={onClear} />}
  >
    {children}
  </Badge>
);
