import { Stack, Text, Title } from '@mantine/core';
import { MyCompensationView } from '../../../features/compensation/components/my-compensation-view.tsx';

/** `/my-compensation?from=…&to=…&basis=billed` (spec §7 myCompensation): what the signed-in user earns. */
export const MyCompensationScreen = () => (
  <Stack gap="lg">
    <Stack gap={4}>
      <Title order={1} size="h2">
        My Compensation
      </Title>
      <Text c="dimmed" size="sm">
        What you earn from advisory fees and commissions: this period, the year to date and the next 12
        months, with where each amount comes from.
      </Text>
    </Stack>
    <MyCompensationView />
  </Stack>
);
