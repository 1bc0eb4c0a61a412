import { Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

type ListSkeletonProps = {
  /** What is loading, for screen readers: 'Loading tasks...'. */
  label: string;
  rows?: number;
};

/** Grey rows in the shape of a list while its first page loads, announced by its label. */
export const ListSkeleton = ({ label, rows = 5 }: ListSkeletonProps) => (
  <Stack gap="sm" p="md" role="status" aria-live="polite">
    <VisuallyHidden>{label}</VisuallyHidden>
    {Array.from({ length: rows }, (_, index) => (
      <Group key={index} gap="md" wrap="nowrap" aria-hidden="true">
        <Skeleton height={20} width={20} radius="sm" />
        <Skeleton height={14} style={{ flex: 2 }} radius="sm" />
        <Skeleton height={14} style={{ flex: 1 }} radius="sm" />
        <Skeleton height={14} style={{ flex: 1 }} radius="sm" />
      </Group>
    ))}
  </Stack>
);
