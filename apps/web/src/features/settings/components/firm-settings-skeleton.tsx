import { Group, Paper, Skeleton, Stack } from '@mantine/core';

const SectionSkeleton = ({ fields }: { fields: number }) => (
  <Paper withBorder radius="lg" p="xl">
    <Group gap="sm" mb="lg" wrap="nowrap">
      <Skeleton height={22} width={22} radius="sm" />
      <Stack gap={6} style={{ flex: 1 }}>
        <Skeleton height={18} width="25%" />
        <Skeleton height={12} width="55%" />
      </Stack>
    </Group>
    <Group gap="lg" grow>
      {Array.from({ length: fields }, (_, index) => (
        <Stack key={index} gap={6}>
          <Skeleton height={12} width="40%" />
          <Skeleton height={36} radius="sm" />
          <Skeleton height={10} width="80%" />
        </Stack>
      ))}
    </Group>
  </Paper>
);

/** The shape of the two settings cards while the settings load, so nothing jumps when they arrive. */
export const FirmSettingsSkeleton = () => (
  <Stack gap="lg" role="status" aria-live="polite" aria-label="Loading firm settings...">
    <SectionSkeleton fields={1} />
    <SectionSkeleton fields={2} />
  </Stack>
);
