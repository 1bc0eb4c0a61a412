import { Center, Loader, Stack, Text } from '@mantine/core';

type PageLoaderProps = { label?: string; fullScreen?: boolean };

/** A centred spinner with a readable label, for screens waiting on their first answer. */
export const PageLoader = ({ label = 'Loading...', fullScreen = false }: PageLoaderProps) => (
  <Center mih={fullScreen ? '100vh' : 240} role="status" aria-live="polite">
    <Stack align="center" gap="xs">
      <Loader size="md" aria-hidden="true" />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  </Center>
);
