import { Code, SimpleGrid, Stack, Table, Text } from '@mantine/core';

type ChangeDiffProps = { before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown) => {
  if (value === undefined)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  if (value === null)
    return (
      <Text span c="dimmed">
        empty
      </Text>
    );
  if (typeof value === 'object') return <Code block>{JSON.stringify(value, null, 2)}</Code>;
  return String(value);
};

/** The before and after of a change, side by side, one row per field. */
export const ChangeDiff = ({ before, after }: ChangeDiffProps) => {
  if (!isRecord(before) && !isRecord(after)) {
    return (
      <SimpleGrid cols={2}>
        <Stack gap={4}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            Before
          </Text>
          {show(before)}
        </Stack>
        <Stack gap={4}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            After
          </Text>
          {show(after)}
        </Stack>
      </SimpleGrid>
    );
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return (
    <Table withTableBorder withColumnBorders layout="fixed" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="22%">Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => {
          const changed = JSON.stringify(b[field]) !== JSON.stringify(a[field]);
          return (
            <Table.Tr key={field} bg={changed ? 'yellow.0' : undefined}>
              <Table.Td fw={600}>{field}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{show(b[field])}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{show(a[field])}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
};
