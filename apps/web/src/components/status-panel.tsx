import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type StatusPanelProps = {
  icon: ReactNode;
  tone?: 'success' | 'error' | 'info';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
};

const TONE_COLORS = { success: 'brand', error: 'red', info: 'blue' } as const;

/** The body of a one-message screen (link sent, password reset, email verified): icon, heading, text, actions. */
export const StatusPanel = ({ icon, tone = 'success', title, children, actions }: StatusPanelProps) => (
  <Stack align="center" gap="md" ta="center" role={tone === 'error' ? 'alert' : undefined}>
    <ThemeIcon size={56} radius="xl" variant="light" color={TONE_COLORS[tone]} aria-hidden="true">
      {icon}
    </ThemeIcon>
    <Title order={1} size="h3">
      {title}
    </Title>
    {children && (
      <Text c="dimmed" size="sm" maw={360}>
        {children}
      </Text>
    )}
    {actions && (
      <Stack w="100%" gap="xs">
        {actions}
      </Stack>
    )}
  </Stack>
);
