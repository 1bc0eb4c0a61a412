import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One labelled figure of a description list (`<dl>`): the label small and dimmed above its value. `strong`
 * sets the value's weight (600) and `money` its figures in the monospace face used for amounts.
 */
export const Fact = ({
  label,
  children,
  strong = false,
  money = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  money?: boolean;
}) => (
  <div>
    <Text component="dt" size="xs" c="dimmed">
      {label}
    </Text>
    <Text component="dd" m={0} size="sm" fw={strong ? 600 : 500} {...(money ? { ff: 'monospace' } : {})}>
      {children}
    </Text>
  </div>
);
