import { EmptyState, Paper, Stack } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { Greeting } from '../../../features/dashboard/components/greeting.tsx';
import { useCurrentUser } from '../../../lib/session.ts';

/** `/dashboard`: the landing page after sign-in. Updates and statistics come with the records they summarise. */
export const DashboardScreen = () => {
  const user = useCurrentUser();
  if (!user) return <PageLoader />;
  return (
    <Stack gap="xl">
      <Greeting fullName={user.fullName} />
      <Paper withBorder radius="lg" p="xl" bg="gray.0">
        <EmptyState icon={<IconLayoutDashboard size={28} aria-hidden="true" />} withIndicatorBackground>
          <EmptyState.Title order={2}>Nothing to show yet</EmptyState.Title>
          <EmptyState.Description>
            Updates and statistics will appear here as clients, notes, tasks and workflows are added to
            Centric.
          </EmptyState.Description>
        </EmptyState>
      </Paper>
    </Stack>
  );
};
