import { Stack, Text, Title } from '@mantine/core';
import { FirmSettingsPanel } from '../../../features/settings/components/firm-settings-panel.tsx';
import { usePermission } from '../../../lib/permissions.ts';

/**
 * `/settings`: the firm's system settings (masterData read, checked by the route guard); masterData write
 * changes them, anyone else sees them read-only.
 */
export const FirmSettingsScreen = () => {
  const canWrite = usePermission('masterData', 'write');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          System Configurations
        </Text>
        <Title order={1} size="h2">
          Firm Settings
        </Title>
        <Text c="dimmed" size="sm">
          Settings that apply to the whole firm: how client records take identity numbers and when a
          transaction raises an alert.
        </Text>
      </Stack>
      <FirmSettingsPanel canWrite={canWrite} />
    </Stack>
  );
};
