import { Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey, IconMail, IconShieldLock, IconUser } from '@tabler/icons-react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ChangePasswordModal } from '../../../features/auth/components/change-password-modal.tsx';
import { ResetMfaModal } from '../../../features/auth/components/reset-mfa-modal.tsx';
import { EmailPreferences } from '../../../features/notifications/components/email-preferences.tsx';
import { ProfileDetails } from '../../../features/profile/components/profile-details.tsx';
import { ProfileImageUpload } from '../../../features/profile/components/profile-image-upload.tsx';
import { ProfileSummary } from '../../../features/profile/components/profile-summary.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';

const TABS = ['personal', 'security', 'notifications'] as const;
type ProfileTab = (typeof TABS)[number];
const isProfileTab = (value: string | null): value is ProfileTab =>
  value !== null && (TABS as readonly string[]).includes(value);

/**
 * `/waprofile/:id?tab=personal`: the signed-in user's own profile. Another user's id shows the unauthorized
 * page (only the own profile can be read today).
 */
export const ProfileScreen = () => {
  const { id } = useParams();
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [mfaOpened, mfaModal] = useDisclosure(false);

  if (!user) return <PageLoader />;
  if (id !== user.id) return <Navigate to={paths.unauthorized.href()} replace />;

  const requested = searchParams.get('tab');
  const tab: ProfileTab = isProfileTab(requested) ? requested : 'personal';
  const handleTabChange = (value: string | null) => {
    if (!isProfileTab(value)) return;
    setSearchParams(
      (params) => {
        params.set('tab', value);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        My Profile
      </Title>
      <ProfileSummary user={user} imageAction={<ProfileImageUpload />} />
      <Tabs value={tab} onChange={handleTabChange} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="personal" leftSection={<IconUser size={16} aria-hidden="true" />}>
            Personal details
          </Tabs.Tab>
          <Tabs.Tab value="security" leftSection={<IconShieldLock size={16} aria-hidden="true" />}>
            Security
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconMail size={16} aria-hidden="true" />}>
            Notifications
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="personal" pt="lg">
          <ProfileDetails user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="lg">
          <Paper withBorder radius="lg" p="xl">
            <Stack gap="lg">
              <Group justify="space-between" wrap="wrap" gap="md">
                <Stack gap={2}>
                  <Text fw={600}>Password</Text>
                  <Text size="sm" c="dimmed">
                    Change the password you sign in with.
                  </Text>
                </Stack>
                <Button variant="default" leftSection={<IconKey size={16} />} onClick={passwordModal.open}>
                  Change password
                </Button>
              </Group>
              <Group justify="space-between" wrap="wrap" gap="md">
                <Stack gap={2}>
                  <Text fw={600}>Two-step verification</Text>
                  <Text size="sm" c="dimmed">
                    Reset MFA to link a new authenticator app.
                  </Text>
                </Stack>
                <Button variant="default" leftSection={<IconShieldLock size={16} />} onClick={mfaModal.open}>
                  MFA Settings
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="lg">
          <EmailPreferences />
        </Tabs.Panel>
      </Tabs>
      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} userId={user.id} />
      <ResetMfaModal opened={mfaOpened} onClose={mfaModal.close} userId={user.id} email={user.email} />
    </Stack>
  );
};
