import type { UserDetails } from '@centric/contracts';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AuthenticatedAvatar } from '../../../components/authenticated-avatar.tsx';

type ProfileSummaryProps = { user: UserDetails; imageAction?: ReactNode };

/** Avatar, name, email and role of a user. */
export const ProfileSummary = ({ user, imageAction }: ProfileSummaryProps) => (
  <Paper withBorder radius="lg" p="xl">
    <Group gap="xl" align="center" wrap="wrap">
      <Stack gap="sm" align="center">
        <AuthenticatedAvatar imagePath={user.profileImageUrl} name={user.fullName} size={96} radius={96} />
        {imageAction}
      </Stack>
      <Stack gap={6}>
        <Title order={2} size="h3">
          {user.fullName}
        </Title>
        <Group gap={6} c="dimmed">
          <IconMail size={16} aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
        </Group>
        <Group gap="xs" mt={4}>
          <Badge variant="light" color="navy" radius="sm">
            {user.role.role}
          </Badge>
          {user.ssoSession && (
            <Badge variant="light" color="blue" radius="sm">
              Signed in with Office 365
            </Badge>
          )}
        </Group>
      </Stack>
    </Group>
  </Paper>
);
