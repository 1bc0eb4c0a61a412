import { MASTER_DATA_LISTS, masterDataTypeSchema } from '@centric/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useMatch } from 'react-router';
import { MasterDataManager } from '../../../features/master-data/components/master-data-manager.tsx';
import { NotFoundScreen } from '../errors/not-found.tsx';
import { paths } from '../../../lib/paths.ts';

/**
 * `/master-data/:type`: one generic screen for the 20 lists of spec §2, built from the description in
 * contracts. The registry gives each list its own route (and sidebar entry); the type is the last segment.
 */
export const MasterDataScreen = () => {
  const match = useMatch(paths.masterData.pattern);
  const parsed = masterDataTypeSchema.safeParse(match?.params.type);
  if (!parsed.success) return <NotFoundScreen />;
  const type = parsed.data;
  const spec = MASTER_DATA_LISTS[type];
  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed" fw={500}>
          System Configurations · Master Data
        </Text>
        <Title order={1} size="h2">
          {spec.label}
        </Title>
      </div>
      {/* A new key per list resets search, sort and page when switching lists. */}
      <MasterDataManager key={type} spec={spec} type={type} />
    </Stack>
  );
};
