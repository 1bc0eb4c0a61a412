import type { AccountDrift, DriftRow, DriftState } from '@centric/contracts';
import { Badge, Box, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/money.ts';
import { WHOLE_LABEL } from './account-badges.tsx';
import classes from './drift-chart.module.css';
import { hundredthsOf, percentOfHundredths, shortPercent } from './figures.ts';

/** What each state says, in the table and on the out-of-band rows' badges. */
export const DRIFT_STATE_LABELS: Readonly<Record<DriftState, string>> = {
  WITHIN: 'Within band',
  BELOW: 'Below band',
  ABOVE: 'Above band',
};

/** A row's band and weights in hundredths of a percent: [target − lower, target + upper] within 0–100. */
const figuresOf = (row: DriftRow) => {
  const target = hundredthsOf(row.target);
  return {
    target,
    low: Math.max(0, target - hundredthsOf(row.lower)),
    high: Math.min(10_000, target + hundredthsOf(row.upper)),
    actual: hundredthsOf(row.actual),
  };
};

/** The chart's scale: to the next 10% above every band and weight (at least 10%, at most 100%). */
const scaleOf = (rows: readonly DriftRow[]) => {
  const highest = Math.max(1_000, ...rows.map((row) => Math.max(figuresOf(row).high, figuresOf(row).actual)));
  return Math.min(10_000, Math.ceil(highest / 1_000) * 1_000);
};

/** "Balanced Growth 60% · Income 40%" (a single strategy: its name). */
export const strategiesText = (strategies: readonly { name: string; percent: string }[]) =>
  strategies.length === 1
    ? (strategies[0]?.name ?? '')
    : strategies.map((s) => `${s.name} ${shortPercent(s.percent)}`).join(' · ');

/** The band as '55–65%'. */
const bandText = (row: DriftRow) => {
  const { low, high } = figuresOf(row);
  return `${percentOfHundredths(low).replace('%', '')}–${percentOfHundredths(high)}`;
};

/** The out-of-band state's badge: red, with the way it drifted. */
export const DriftStateBadge = ({ state }: { state: Exclude<DriftState, 'WITHIN'> }) => {
  const Icon = state === 'BELOW' ? IconArrowDownRight : IconArrowUpRight;
  return (
    <Badge
      variant="light"
      color="red"
      c="red.9"
      size="sm"
      leftSection={<Icon size={12} aria-hidden="true" />}
      styles={WHOLE_LABEL}
    >
      {DRIFT_STATE_LABELS[state]}
    </Badge>
  );
};

/** The legend's entries: each swatch's class (and whether it is the out-of-band one) and its name. */
const LEGEND = [
  { swatch: 'legendBand', out: false, label: 'Target band' },
  { swatch: 'legendTarget', out: false, label: 'Target' },
  { swatch: 'legendActual', out: false, label: 'Actual' },
  { swatch: 'legendActual', out: true, label: 'Out of band' },
] as const;

/** The legend of the drift charts: the band, the target and the actual weight (red out of band). */
export const DriftLegend = () => (
  <Group gap="md" aria-hidden="true" className={classes.legend}>
    {LEGEND.map(({ swatch, out, label }) => (
      <Group key={label} gap={6} wrap="nowrap">
        <span className={classes[swatch]} data-out={out || undefined} />
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      </Group>
    ))}
  </Group>
);

const pct = (hundredths: number, scale: number) => `${(hundredths / scale) * 100}%`;

/** A row's bar: the band from target − lower to target + upper, the actual weight, the target's tick. */
const DriftBar = ({ row, scale }: { row: DriftRow; scale: number }) => {
  const { target, low, high, actual } = figuresOf(row);
  const out = row.state !== 'WITHIN';
  return (
    <div className={classes.track} aria-hidden="true">
      <div className={classes.band} style={{ left: pct(low, scale), width: pct(high - low, scale) }} />
      <div
        className={classes.actual}
        data-out={out || undefined}
        style={{ width: pct(Math.min(actual, scale), scale) }}
      />
      <div className={classes.target} style={{ left: pct(target, scale) }} />
    </div>
  );
};

/**
 * One account's drift as a table with a bullet chart in it: per row of its strategy, the target, the band
 * from target − lower to target + upper and the actual weight, drawn as the band, the target's tick and the
 * actual's bar (red when out of band, the row marked and badged). Screen readers read the figures; the
 * drawing is hidden from them.
 */
export const DriftChart = ({ rows, caption }: { rows: readonly DriftRow[]; caption: string }) => {
  const scale = scaleOf(rows);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table className={classes.table} verticalSpacing={6} horizontalSpacing="xs" withRowBorders={false}>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Allocation</Table.Th>
            <Table.Th ta="right" w={64}>
              Target
            </Table.Th>
            <Table.Th ta="right" w={88}>
              Band
            </Table.Th>
            <Table.Th className={classes.chartHead}>
              <VisuallyHidden>Chart</VisuallyHidden>
              <div className={classes.axis} aria-hidden="true">
                {[0, scale / 2, scale].map((tick) => (
                  <span key={tick} className={classes.tick} style={{ left: pct(tick, scale) }}>
                    {percentOfHundredths(tick)}
                  </span>
                ))}
              </div>
            </Table.Th>
            <Table.Th ta="right" w={72}>
              Actual
            </Table.Th>
            <Table.Th w={124}>
              <VisuallyHidden>State</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const out = row.state !== 'WITHIN';
            return (
              <Table.Tr key={row.label} className={classes.row} data-out={out || undefined}>
                <Table.Th scope="row" fw={500} className={classes.label}>
                  <Text size="sm" fw={500} lineClamp={2} title={row.label}>
                    {row.label}
                  </Text>
                </Table.Th>
                <Table.Td ta="right" className={classes.figure}>
                  {shortPercent(row.target)}
                </Table.Td>
                <Table.Td ta="right" className={classes.figure} c="dimmed">
                  {bandText(row)}
                </Table.Td>
                <Table.Td>
                  <DriftBar row={row} scale={scale} />
                </Table.Td>
                <Table.Td ta="right" fw={600} className={classes.figure} c={out ? 'red.9' : undefined}>
                  {shortPercent(row.actual)}
                </Table.Td>
                <Table.Td>
                  {row.state === 'WITHIN' ? (
                    <VisuallyHidden>{DRIFT_STATE_LABELS.WITHIN}</VisuallyHidden>
                  ) : (
                    <DriftStateBadge state={row.state} />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** An account's drift card: its name, strategies and value, whether it is within its bands, the chart. */
export const AccountDriftCard = ({ drift, dateLabel }: { drift: AccountDrift; dateLabel: string }) => {
  const headingId = `drift-${drift.accountId}`;
  const empty = hundredthsOf(drift.marketValue) === 0;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId} h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="md">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={4} size="h5" id={headingId}>
            {drift.registrationName}
          </Title>
          <Text size="sm" c="dimmed">
            {strategiesText(drift.strategies)} · {formatMoney(drift.marketValue)}
          </Text>
        </Stack>
        <Badge
          variant="light"
          color={drift.outOfBand > 0 ? 'red' : 'green'}
          c={drift.outOfBand > 0 ? 'red.9' : 'dark.7'}
          styles={WHOLE_LABEL}
        >
          {drift.outOfBand > 0 ? `${drift.outOfBand} out of band` : 'Within bands'}
        </Badge>
      </Group>
      {empty ? (
        <Box py="md">
          <Text size="sm" c="dimmed" ta="center">
            Nothing held on {dateLabel}: no weights to compare yet.
          </Text>
        </Box>
      ) : (
        <DriftChart rows={drift.rows} caption={`Drift of ${drift.registrationName} on ${dateLabel}`} />
      )}
    </Paper>
  );
};
