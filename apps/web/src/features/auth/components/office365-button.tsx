import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandOffice } from '@tabler/icons-react';
import { useSsoConfig } from '../hooks/use-sso-config.ts';

/** Full-page navigation target that starts the Office 365 sign-in (the server redirects to the provider). */
export const OFFICE365_SIGN_IN_PATH = '/api/sso/office365';

/**
 * "Continue with Office 365", only when the server has it configured. A plain link: the browser leaves the
 * app for the identity provider and comes back on /sso-callback. A failed config call hides it.
 */
export const Office365Button = () => {
  const config = useSsoConfig();
  if (!config?.office365) return null;
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
