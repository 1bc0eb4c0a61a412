import type { UserDetails } from '@centric/contracts';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';

type ProfileDetailsProps = { user: UserDetails };

const Field = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
      {label}
    </Text>
    <Text size="sm">{value}</Text>
  </Stack>
);

/** The personal details the server gives for the signed-in user. */
export const ProfileDetails = ({ user }: ProfileDetailsProps) => (
  <Paper withBorder radius="lg" p="xl">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
      <Field label="Full name" value={user.fullName} />
      <Field label="Email" value={user.email} />
      <Field label="Role" value={user.role.role} />
      <Field
        label="Sign-in method"
        value={user.ssoSession ? 'Office 365 single sign-on' : 'Email, password and MFA'}
      />
    </SimpleGrid>
  </Paper>
);
