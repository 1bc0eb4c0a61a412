import { POSITIONS_REFUSED_SHOWN, type PositionsReport } from '@centric/contracts';
import { Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format.ts';

const count = (value: number) => value.toLocaleString('en-US');

const Figure = ({ label, value, color }: { label: string; value: number; color?: string | undefined }) => (
  <Paper withBorder radius="md" px="sm" py={6}>
    <Text size="lg" fw={700} lh={1.3} {...(color ? { c: color } : {})}>
      {count(value)}
    </Text>
    <Text size="xs" c="dimmed" fw={600}>
      {label}
    </Text>
  </Paper>
);

/** A titled table of the report, scrolling inside itself when long. */
const ReportTable = ({
  title,
  note,
  headers,
  children,
}: {
  title: string;
  note?: string;
  headers: readonly string[];
  children: ReactNode;
}) => (
  <Stack gap={4}>
    <Group gap="xs" align="baseline">
      <Title order={3} size="sm">
        {title}
      </Title>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Group>
    <ScrollArea.Autosize mah={220} type="auto">
      <Table verticalSpacing={4} stickyHeader withTableBorder aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  </Stack>
);

/**
 * A positions file's report: the lines read, accepted and refused, the accounts and dates; what importing
 * does to the holdings (new, changed, unchanged snapshots, prices added) or did once applied; then the
 * unknown accounts and products and every refused line with why (the first 1,000, all counted).
 */
export const PositionsReportView = ({ report }: { report: PositionsReport }) => {
  const applied = report.applied;
  const snapshots = applied ?? report.snapshots;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" role="group" aria-label="Lines of the file">
        <Figure label="Lines" value={report.rows} />
        <Figure label="Accepted" value={report.accepted} color="teal.9" />
        <Figure
          label="Refused"
          value={report.refusedCount}
          color={report.refusedCount > 0 ? 'red.9' : undefined}
        />
        <Figure label="Accounts" value={report.accounts} />
        <Figure label={report.dates.length === 1 ? 'Date' : 'Dates'} value={report.dates.length} />
      </SimpleGrid>
      {report.dates.length > 0 && (
        <Text size="xs" c="dimmed" mt={-8}>
          Positions as of {report.dates.slice(0, 6).map(formatDate).join(', ')}
          {report.dates.length > 6 ? ` and ${count(report.dates.length - 6)} more dates` : ''}.
        </Text>
      )}
      <Stack gap={4}>
        <Title order={3} size="sm">
          {applied ? 'What the import wrote' : 'What importing will do'}
        </Title>
        <SimpleGrid
          cols={{ base: 2, sm: 4 }}
          spacing="xs"
          role="group"
          aria-label={applied ? 'Holdings written' : 'Holdings to write'}
        >
          <Figure
            label="New snapshots"
            value={snapshots.new}
            color={snapshots.new > 0 ? 'teal.9' : undefined}
          />
          <Figure
            label="Changed snapshots"
            value={snapshots.changed}
            color={snapshots.changed > 0 ? 'blue.9' : undefined}
          />
          <Figure label="Unchanged" value={snapshots.unchanged} />
          <Figure label={applied ? 'Prices added' : 'Prices to add'} value={report.prices} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          A snapshot is what one account held on one date. Unchanged snapshots are left as they are, so
          importing the same file again changes nothing.
        </Text>
      </Stack>
      {report.unknownAccounts.length > 0 && (
        <ReportTable
          title="Unknown accounts"
          note="No account has these custodian numbers; their lines are refused."
          headers={['Account number', 'Lines']}
        >
          {report.unknownAccounts.map((row) => (
            <Table.Tr key={row.account}>
              <Table.Td ff="monospace">{row.account}</Table.Td>
              <Table.Td>{count(row.lines)}</Table.Td>
            </Table.Tr>
          ))}
        </ReportTable>
      )}
      {report.unknownProducts.length > 0 && (
        <ReportTable
          title="Unknown products"
          note="No product has these symbols or CUSIPs; add them on Products and import again."
          headers={['Symbol or CUSIP', 'Lines']}
        >
          {report.unknownProducts.map((row) => (
            <Table.Tr key={row.identifier}>
              <Table.Td ff="monospace">{row.identifier}</Table.Td>
              <Table.Td>{count(row.lines)}</Table.Td>
            </Table.Tr>
          ))}
        </ReportTable>
      )}
      {report.refusedCount > 0 && (
        <ReportTable
          title="Refused lines"
          note={
            report.refused.length < report.refusedCount
              ? `The first ${count(Math.min(report.refused.length, POSITIONS_REFUSED_SHOWN))} of ${count(report.refusedCount)}`
              : `${count(report.refusedCount)} in all`
          }
          headers={['Line', 'Account', 'Symbol or CUSIP', 'Why']}
        >
          {report.refused.map((refusal) => (
            <Table.Tr key={refusal.line}>
              <Table.Td>{refusal.line}</Table.Td>
              <Table.Td ff="monospace">{refusal.account || '—'}</Table.Td>
              <Table.Td ff="monospace">{refusal.identifier || '—'}</Table.Td>
              <Table.Td>{refusal.message}</Table.Td>
            </Table.Tr>
          ))}
        </ReportTable>
      )}
    </Stack>
  );
};
