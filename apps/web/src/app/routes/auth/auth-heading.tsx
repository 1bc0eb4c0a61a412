import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthHeadingProps = { title: string; children?: ReactNode };

/** Heading and one line of guidance at the top of a sign-in card. */
export const AuthHeading = ({ title, children }: AuthHeadingProps) => (
  <Stack gap={6} mb="xl">
    <Title order={1} size="h2">
      {title}
    </Title>
    {children && (
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    )}
  </Stack>
);
