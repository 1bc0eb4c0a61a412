import { Card, Grid, Group, Paper, Skeleton, Stack } from '@mantine/core';

const CardSkeleton = ({ rows }: { rows: number }) => (
  <Card withBorder radius="lg" padding="lg" h="100%">
    <Group gap="sm" mb="md">
      <Skeleton height={34} width={34} radius="md" />
      <Skeleton height={18} width="40%" />
    </Group>
    <Stack gap="sm">
      {Array.from({ length: rows }, (_, index) => (
        <Group key={index} gap="sm" wrap="nowrap">
          <Skeleton height={38} circle />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="60%" />
            <Skeleton height={10} width="35%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  </Card>
);

/** The shape of the highlights while the household loads, so nothing jumps when it arrives. */
export const ClientDetailSkeleton = () => (
  <Stack gap="lg" role="status" aria-live="polite" aria-label="Loading household...">
    <Paper withBorder radius="lg" p="lg">
      <Group gap="md">
        <Skeleton height={48} circle />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={24} width="30%" />
          <Group gap="xs">
            <Skeleton height={22} width={80} radius="sm" />
            <Skeleton height={22} width={110} radius="sm" />
          </Group>
        </Stack>
      </Group>
      <Group gap="xl" mt="lg">
        {Array.from({ length: 4 }, (_, index) => (
          <Stack key={index} gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width="40%" />
            <Skeleton height={16} width="70%" />
          </Stack>
        ))}
      </Group>
    </Paper>
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <CardSkeleton rows={3} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <CardSkeleton rows={3} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <CardSkeleton rows={2} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <CardSkeleton rows={2} />
      </Grid.Col>
    </Grid>
  </Stack>
);
