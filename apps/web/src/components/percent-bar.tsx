import { Group, Progress, Text } from '@mantine/core';

/** A whole percent as a thin bar with its figure beside it: teal once 100 % is reached, blue before. */
export const PercentBar = ({
  value,
  label,
  minWidth = 84,
}: {
  value: number;
  label: string;
  minWidth?: number;
}) => (
  <Group gap="xs" wrap="nowrap" miw={minWidth}>
    <Progress
      value={Math.max(0, Math.min(100, value))}
      color={value >= 100 ? 'teal.7' : 'blue.7'}
      size="sm"
      radius="xl"
      style={{ flex: 1 }}
      aria-label={label}
    />
    <Text size="xs" fw={600} w={36} ta="right">
      {value}%
    </Text>
  </Group>
);
