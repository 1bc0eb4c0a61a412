import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One card of the account page: a section named by its heading. */
export const BillingSection = ({ title, children }: { title: string; children: ReactNode }) => {
  const headingId = useId();
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby={headingId}>
      <Stack gap="lg">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
};
