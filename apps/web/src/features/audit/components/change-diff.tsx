import { Button, Code, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

type ChangeDiffProps = {
  before: unknown;
  after: unknown;
  /** The field's label in words (the audit entity's label map); the field name itself without one. */
  fieldLabel?: (field: string) => string;
  /** A value in words where the caller knows better (ids as names); undefined keeps the default. */
  valueText?: (field: string, value: unknown) => string | undefined;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFlatRecord = (value: unknown): value is Record<string, string | number | boolean | null> =>
  isRecord(value) && Object.values(value).every((v) => v === null || typeof v !== 'object');

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
  // A small record (an address) reads best on one line; callers say permission rows in words (valueText).
  if (isFlatRecord(value)) {
    return (
      <Text span size="sm" ff="monospace">
        {Object.entries(value)
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join(', ')}
      </Text>
    );
  }
  if (typeof value === 'object') return <Code block>{JSON.stringify(value, null, 2)}</Code>;
  return String(value);
};

/** The before and after of a change, side by side, one row per field; unchanged fields on request. */
export const ChangeDiff = ({
  before,
  after,
  fieldLabel = (field) => field,
  valueText = () => undefined,
}: ChangeDiffProps) => {
  const showField = (field: string, value: unknown) => valueText(field, value) ?? show(value);
  const [showAll, setShowAll] = useState(false);
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
  const changed = fields.filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]));
  const unchangedCount = fields.length - changed.length;
  const visible = showAll ? fields : changed;
  return (
    <Stack gap="xs">
      <Table withTableBorder withColumnBorders layout="fixed" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="22%">Field</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visible.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed">
                  No field changed.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {visible.map((field) => (
            <Table.Tr key={field} bg={changed.includes(field) ? 'yellow.0' : undefined}>
              <Table.Td fw={600}>{fieldLabel(field)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{showField(field, b[field])}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{showField(field, a[field])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {unchangedCount > 0 && changed.length > 0 && (
        <Button variant="subtle" size="compact-sm" onClick={() => setShowAll((v) => !v)} w="fit-content">
          {showAll
            ? 'Show changed fields only'
            : `Show ${unchangedCount} unchanged field${unchangedCount === 1 ? '' : 's'}`}
        </Button>
      )}
    </Stack>
  );
};
