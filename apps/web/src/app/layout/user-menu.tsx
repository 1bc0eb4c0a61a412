import type { UserDetails } from '@centric/contracts';
import { Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconKey, IconLogout, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { AuthenticatedAvatar } from '../../components/authenticated-avatar.tsx';
import { ChangePasswordModal } from '../../features/auth/components/change-password-modal.tsx';
import { ResetMfaModal } from '../../features/auth/components/reset-mfa-modal.tsx';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import classes from './shell.module.css';
import { paths } from '../../lib/paths.ts';

type UserMenuProps = { user: UserDetails };

/** Avatar and name; My Profile, Change password, MFA Settings, Sign Out. */
export const UserMenu = ({ user }: UserMenuProps) => {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [mfaOpened, mfaModal] = useDisclosure(false);

  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <UnstyledButton className={classes.userButton} aria-label={`Account menu for ${user.fullName}`}>
            <AuthenticatedAvatar
              imagePath={user.profileImageUrl}
              name={user.fullName}
              size={36}
              radius="xl"
            />
            <Stack gap={0} visibleFrom="sm">
              <Text size="sm" fw={600} lh={1.2}>
                {user.fullName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.3}>
                {user.role.role}
              </Text>
            </Stack>
            <IconChevronDown size={16} aria-hidden="true" />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconUser size={16} aria-hidden="true" />}
            onClick={() => navigate(paths.profile.href(user.id, 'personal'))}
          >
            My Profile
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} aria-hidden="true" />} onClick={passwordModal.open}>
            Change password
          </Menu.Item>
          <Menu.Item leftSection={<IconShieldLock size={16} aria-hidden="true" />} onClick={mfaModal.open}>
            MFA Settings
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void signOut()}>
            Sign Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} userId={user.id} />
      <ResetMfaModal opened={mfaOpened} onClose={mfaModal.close} userId={user.id} email={user.email} />
    </>
  );
};
