import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { FEE_SCHEDULE_MESSAGES, canAddListEntry } from '@centric/contracts';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoneyTyping } from '../../../lib/money.ts';
import {
  type FeeType,
  type FieldKey,
  MAX_TIER_ROWS,
  type TierField,
  type TierRow,
  TIER_FIELDS,
  addTierRow,
  isTierRowFilled,
  removeTierRow,
  setTierField,
} from './fee-schedule-form.ts';

/** Said once when Add tier is refused (spec §5 General: dynamic lists refuse adding until the last is filled). */
export const ADD_TIER_REFUSED = 'Fill in the last tier before adding another.';

type StructureEditorProps = {
  rows: readonly TierRow[];
  type: FeeType;
  /** The errors to show now, by field key. */
  errorOf: (key: FieldKey) => string | undefined;
  onChange: (rows: TierRow[]) => void;
  /** A field lost focus: it is touched now; a minimum leaving focus re-sorts the rows. */
  onBlur: (key: FieldKey, field: TierField) => void;
  readOnly: boolean;
};

/** The rate column's label: basis points a year for PERCENTAGE schedules, dollars a year for FIXED ones. */
export const rateLabelOf = (type: FeeType) => (type === 'PERCENTAGE' ? 'Rate (bps)' : 'Fee ($)');

/**
 * The structure of a schedule (spec §5 Fee tier): 1 to 7 rows of Min ($), Max ($) and a rate, kept sorted by
 * minimum. Add tier splits the last tier once that one is filled; a removed row's neighbours are joined.
 */
export const StructureEditor = ({
  rows,
  type,
  errorOf,
  onChange,
  onBlur,
  readOnly,
}: StructureEditorProps) => {
  const rateLabel = rateLabelOf(type);
  const full = rows.length >= MAX_TIER_ROWS;
  const lastFilled = canAddListEntry(rows, isTierRowFilled);
  const [refused, setRefused] = useState(false);
  // A blank field is marked on its own, but 'Please enter the structure fields' is said once, below the
  // table, however many fields are blank: one message per problem.
  const blankShown = rows.some((row) =>
    TIER_FIELDS.some((field) => errorOf(`${row.key}.${field}`) === FEE_SCHEDULE_MESSAGES.incomplete),
  );
  const structureError = errorOf('tiers') ?? (blankShown ? FEE_SCHEDULE_MESSAGES.incomplete : undefined);

  const handleAdd = () => {
    setRefused(!lastFilled);
    if (lastFilled) onChange(addTierRow(rows));
  };

  const input = (row: TierRow, index: number, field: TierField, label: string) => {
    const key: FieldKey = `${row.key}.${field}`;
    const money = field !== 'rate' || type === 'FIXED';
    const error = errorOf(key);
    return (
      <TextInput
        aria-label={`Tier ${index + 1} ${label}`}
        value={row[field]}
        onChange={(event) =>
          onChange(setTierField(rows, row.key, field, formatMoneyTyping(event.currentTarget.value)))
        }
        onBlur={() => onBlur(key, field)}
        error={error === FEE_SCHEDULE_MESSAGES.incomplete ? true : error}
        leftSection={
          money ? (
            <Text size="sm" c="dimmed">
              $
            </Text>
          ) : undefined
        }
        rightSection={
          money ? undefined : (
            <Text size="xs" c="dimmed">
              bps
            </Text>
          )
        }
        rightSectionWidth={money ? undefined : 40}
        inputMode="decimal"
        autoComplete="off"
        readOnly={readOnly}
        data-field={key}
      />
    );
  };

  return (
    <Stack gap="xs">
      <Box style={{ overflowX: 'auto' }}>
        <Table verticalSpacing={6} horizontalSpacing="xs" withRowBorders={false} aria-label="Fee structure">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>Tier</Table.Th>
              <Table.Th>Min ($)</Table.Th>
              <Table.Th>Max ($)</Table.Th>
              <Table.Th w={150}>{rateLabel}</Table.Th>
              {!readOnly && (
                <Table.Th w={44}>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.key} style={{ verticalAlign: 'top' }}>
                <Table.Td>
                  <Text size="sm" fw={600} c="dimmed" pt={7}>
                    {index + 1}
                  </Text>
                </Table.Td>
                <Table.Td>{input(row, index, 'minimum', 'Min ($)')}</Table.Td>
                <Table.Td>{input(row, index, 'maximum', 'Max ($)')}</Table.Td>
                <Table.Td>{input(row, index, 'rate', rateLabel)}</Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <Tooltip label={rows.length <= 1 ? 'A schedule needs at least one tier' : 'Remove tier'}>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        aria-label={`Remove tier ${index + 1}`}
                        disabled={rows.length <= 1}
                        onClick={() => onChange(removeTierRow(rows, row.key))}
                      >
                        <IconTrash size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {structureError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={16} aria-hidden="true" />}
          role="alert"
        >
          {structureError}
        </Alert>
      )}
      {refused && !lastFilled && (
        <Text c="red.8" size="sm" role="status">
          {ADD_TIER_REFUSED}
        </Text>
      )}
      <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
        <Text size="xs" c="dimmed" maw={420}>
          The first tier starts at $0, each tier starts where the one before it ends, and the last ends at
          $10,000,000,000. {type === 'PERCENTAGE' ? '100 bps = 1% a year.' : 'Fees are dollars a year.'}
        </Text>
        {!readOnly && (
          <Tooltip label={`A schedule has at most ${MAX_TIER_ROWS} tiers`} disabled={!full}>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              onClick={handleAdd}
              disabled={full}
              style={{ flexShrink: 0 }}
            >
              Add tier
            </Button>
          </Tooltip>
        )}
      </Group>
    </Stack>
  );
};
