import { Button } from '@mantine/core';
import { IconSettingsDollar } from '@tabler/icons-react';
import { useState } from 'react';
import { BillingSettingsModal } from './billing-settings-modal.tsx';

/** "Billing settings" (billingInstances write): opens the firm's billing settings in a modal. */
export const BillingSettingsButton = () => {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconSettingsDollar size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
        style={{ flexShrink: 0 }}
      >
        Billing settings
      </Button>
      <BillingSettingsModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
};
