import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CreateRequestForm } from '../../../features/workflows/components/create-request-form.tsx';

/** `/create-request` (spec §2, issue 18 §2): start a request for a household (`?clientId` preselects it). */
export const CreateRequestScreen = () => {
  const [params] = useSearchParams();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Start a request
        </Title>
        <Text c="dimmed" size="sm">
          The steps are copied from the template&apos;s current version; each goes to its user, or to whoever
          holds its role on the household.
        </Text>
      </Stack>
      <CreateRequestForm initialClientId={params.get('clientId')} />
    </Stack>
  );
};
