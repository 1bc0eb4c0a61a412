import {
  bpsAsPercentWords,
  type FeeSchedule,
  feePreviewValueSchema,
  feeSchedulePreview,
  TIER_CEILING,
  tierRangeWords,
} from '@centric/contracts';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatMoney, formatMoneyTyping, formatPercent, moneyFromInput } from '../../../lib/money.ts';
import { EffectiveRateChart } from './effective-rate-chart.tsx';

/** The value a preview starts with: a $1M household, the figure most breakpoints are explained with. */
export const DEFAULT_PREVIEW_VALUE = '1,000,000';

type FeePreviewProps = {
  /** The schedule as it stands in the editor, or null while its structure has problems. */
  schedule: FeeSchedule | null;
};

const Figure = ({ label, value, hint }: { label: string; value: string; hint?: string | undefined }) => (
  <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
    <Text size="xs" c="dimmed" fw={600} tt="uppercase">
      {label}
    </Text>
    <Text size="lg" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </Text>
    {hint && (
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    )}
  </Paper>
);

/** A tier's rate as the schedule is entered (basis points) and as a bill reads it: '100 bps (1.00%)'. */
const rateText = (schedule: FeeSchedule, rate: string) =>
  schedule.type === 'PERCENTAGE' ? `${rate} bps (${bpsAsPercentWords(rate)})` : formatMoney(rate);

const rangeText = (minimum: string, maximum: string) => tierRangeWords({ minimum, maximum });

const NUMBER_CELL = { whiteSpace: 'nowrap' } as const;

/**
 * The fee of a value under the schedule being edited, computed in the browser by the same engine the
 * billing uses: the annual and quarterly fee, each tier's line, and the effective rate across values.
 */
export const FeePreview = ({ schedule }: FeePreviewProps) => {
  const [text, setText] = useState(DEFAULT_PREVIEW_VALUE);
  const parsedValue = feePreviewValueSchema.safeParse(moneyFromInput(text));
  const valueError = text.trim() === '' ? undefined : parsedValue.error?.issues[0]?.message;
  const value = parsedValue.success ? parsedValue.data : null;

  const preview = useMemo(
    () => (schedule && value !== null ? feeSchedulePreview(schedule, value) : null),
    [schedule, value],
  );
  const breakpoints = useMemo(
    () => (schedule?.tiers ?? []).map((tier) => tier.maximum).filter((max) => max !== TIER_CEILING),
    [schedule],
  );

  return (
    <Stack gap="sm" aria-label="Fee preview" role="region">
      <Group gap="xs">
        <IconChartLine size={18} aria-hidden="true" />
        <Title order={3} size="h5">
          Fee preview
        </Title>
      </Group>
      <TextInput
        label="Household value ($)"
        description="Type a value to see its fee under this schedule."
        value={text}
        onChange={(event) => setText(formatMoneyTyping(event.currentTarget.value))}
        leftSection={
          <Text size="sm" c="dimmed">
            $
          </Text>
        }
        inputMode="decimal"
        autoComplete="off"
        error={valueError}
      />
      {!schedule ? (
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Text size="sm" c="dimmed">
            Complete the structure (every tier with its Min ($), Max ($) and rate) to see the fee.
          </Text>
        </Paper>
      ) : !preview ? (
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Text size="sm" c="dimmed">
            Enter a value from $0 to $10,000,000,000 to see its fee.
          </Text>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={3} spacing="xs">
            <Figure label="Annual fee" value={formatMoney(preview.annual)} />
            <Figure label="Quarterly fee" value={formatMoney(preview.quarterly)} hint="Annual ÷ 4" />
            <Figure label="Effective rate" value={formatPercent(preview.effectiveRate)} hint="of the value" />
          </SimpleGrid>
          {preview.minimumApplied && (
            <Badge color="orange.9" variant="light" radius="sm" style={{ alignSelf: 'flex-start' }}>
              Raised to the annual minimum of {formatMoney(schedule.annualMinimum)}
            </Badge>
          )}
          <Table
            verticalSpacing={4}
            fz="sm"
            aria-label="Fee by tier"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tier</Table.Th>
                <Table.Th ta="right" style={NUMBER_CELL}>
                  Charged on
                </Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.lines.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      A value of $0 reaches no tier: no fee.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                preview.lines.map((line) => (
                  <Table.Tr key={line.minimum}>
                    <Table.Td>{rangeText(line.minimum, line.maximum)}</Table.Td>
                    <Table.Td ta="right" style={NUMBER_CELL}>
                      {formatMoney(line.base)}
                    </Table.Td>
                    <Table.Td ta="right" style={NUMBER_CELL}>
                      {rateText(schedule, line.rate)}
                    </Table.Td>
                    <Table.Td ta="right" style={NUMBER_CELL}>
                      {formatMoney(line.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3}>Annual fee{preview.minimumApplied ? ' (annual minimum)' : ''}</Table.Th>
                <Table.Th ta="right">{formatMoney(preview.annual)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Effective rate across values
            </Text>
            <EffectiveRateChart
              curve={preview.curve}
              breakpoints={breakpoints}
              marker={{ value: preview.value, effectiveRate: preview.effectiveRate }}
              height={210}
            />
          </Stack>
        </>
      )}
    </Stack>
  );
};
