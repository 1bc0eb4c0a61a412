import { AUTH_MESSAGES } from '@centric/contracts';
import {
  ActionIcon,
  Alert,
  Box,
  Center,
  CopyButton,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useSetupMfa } from '../api/setup-mfa.ts';
import { MfaCodeForm } from './mfa-code-form.tsx';
import { paths } from '../../../lib/paths.ts';

/** Groups the base32 secret in fours so it can be typed into an authenticator by hand. */
const groupSecret = (secret: string) =>
  secret
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();

type MfaSetupPanelProps = { email: string };

/** QR code and typed secret from POST /api/setupMfa, then the first code to confirm the authenticator. */
export const MfaSetupPanel = ({ email }: MfaSetupPanelProps) => {
  const navigate = useNavigate();
  const setup = useSetupMfa(email);
  const alreadyEnrolled = isApiError(setup.error) && setup.error.message === AUTH_MESSAGES.mfaAlreadyEnrolled;

  useEffect(() => {
    if (alreadyEnrolled) navigate(paths.mfa.href(), { replace: true });
  }, [alreadyEnrolled, navigate]);

  const data = setup.data?.result;

  return (
    <Stack gap="lg">
      <Box>
        <Text size="sm" fw={600} mb={4}>
          1. Scan the QR code
        </Text>
        <Text size="sm" c="dimmed">
          Open an authenticator app (Microsoft Authenticator, Google Authenticator, 1Password…) and scan this
          code.
        </Text>
      </Box>
      {setup.isPending && (
        <Center>
          <Skeleton height={184} width={184} radius="md" aria-label="Loading QR code" />
        </Center>
      )}
      {setup.isError && !alreadyEnrolled && (
        <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} role="alert">
          {errorMessage(setup.error)}
        </Alert>
      )}
      {data && (
        <Stack gap="sm" align="center">
          <Box
            p="xs"
            bg="white"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12 }}
          >
            <Image src={data.qrCode} alt="QR code for your authenticator app" w={184} h={184} fit="contain" />
          </Box>
          <Text size="sm" c="dimmed" ta="center">
            Can’t scan it? Enter this key in the app instead:
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text
              component="code"
              ff="monospace"
              fw={600}
              size="sm"
              px="sm"
              py={6}
              bg="gray.0"
              style={{ borderRadius: 6, wordBreak: 'break-all' }}
              aria-label="Setup key"
            >
              {groupSecret(data.secret)}
            </Text>
            <CopyButton value={data.secret}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy key'}>
                  <ActionIcon variant="subtle" onClick={copy} aria-label={copied ? 'Copied' : 'Copy key'}>
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
      )}
      <Box>
        <Text size="sm" fw={600} mb="xs">
          2. Enter the code the app shows
        </Text>
        <MfaCodeForm />
      </Box>
    </Stack>
  );
};
