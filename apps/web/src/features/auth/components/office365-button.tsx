import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandOffice } from '@tabler/icons-react';
import { OFFICE365_SIGN_IN_PATH, useSsoConfig } from '../api/get-sso-config.ts';

/**
 * "Continue with Office 365", only when the server has it configured. A plain link: the browser leaves the
 * app for the identity provider and comes back on /sso-callback. A failed config call hides it.
 */
export const Office365Button = () => {
  const { data } = useSsoConfig();
  if (!data?.office365) return null;
  return (
    <Stack gap="md">
      <Divider label="or" labelPosition="center" />
      <Button
        component="a"
        href={OFFICE365_SIGN_IN_PATH}
        variant="default"
        size="md"
        fullWidth
        leftSection={<IconBrandOffice size={18} aria-hidden="true" />}
      >
        Continue with Office 365
      </Button>
    </Stack>
  );
};
