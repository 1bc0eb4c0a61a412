import { PRICE_IMPORT_MAX_BYTES, type PriceImportResult } from '@centric/contracts';
import { Button, Code, Group, Modal, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useImportPrices } from '../api/import-prices.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { CsvFileInput } from '../../../components/csv-file-input.tsx';

const Count = ({ label, value, color }: { label: string; value: number; color?: string }) => (
  <Stack gap={0} align="center">
    <Text size="xl" fw={700} {...(color ? { c: color } : {})}>
      {value.toLocaleString('en-US')}
    </Text>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
  </Stack>
);

/** What a price file did or would do: the counts, then every refused line with why. */
export const PriceImportReport = ({ result }: { result: PriceImportResult }) => (
  <Stack gap="sm">
    <SimpleGrid cols={4} spacing="xs" role="group" aria-label={result.dryRun ? 'Preview' : 'Import result'}>
      <Count label="Lines" value={result.rows} />
      <Count label={result.dryRun ? 'To import' : 'Imported'} value={result.imported} color="teal.8" />
      <Count label="Unchanged" value={result.unchanged} />
      <Count
        label="Refused"
        value={result.refusedCount}
        color={result.refusedCount > 0 ? 'red.8' : undefined}
      />
    </SimpleGrid>
    {result.refusedCount > 0 && (
      <>
        <Text size="sm" fw={600}>
          Refused lines
          {result.refused.length < result.refusedCount ? ` (the first ${result.refused.length})` : ''}
        </Text>
        <ScrollArea.Autosize mah={260} type="auto">
          <Table verticalSpacing={4} stickyHeader aria-label="Refused lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Symbol or CUSIP</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.refused.map((refusal) => (
                <Table.Tr key={refusal.line}>
                  <Table.Td>{refusal.line}</Table.Td>
                  <Table.Td>{refusal.identifier || '—'}</Table.Td>
                  <Table.Td>{refusal.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </>
    )}
  </Stack>
);

type PriceImportModalProps = { opened: boolean; onClose: () => void };

/** Import prices: choose a CSV file, see what it would do (nothing saved), then import it. */
export const PriceImportModal = ({ opened, onClose }: PriceImportModalProps) => {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<PriceImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = useImportPrices();

  const handleClose = () => {
    if (run.isPending) return;
    setFile(null);
    setReport(null);
    setFailure(null);
    onClose();
  };

  const send = (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    run.mutate(
      { file, dryRun },
      {
        onSuccess: ({ result, message }) => {
          setReport(result);
          if (!dryRun) notifySuccess(message);
        },
        onError: (error) => {
          setReport(null);
          setFailure(errorMessage(error));
        },
      },
    );
  };

  const tooLarge = file !== null && file.size > PRICE_IMPORT_MAX_BYTES;
  const imported = report !== null && !report.dryRun;
  return (
    <Modal opened={opened} onClose={handleClose} title="Import prices" size="lg" centered>
      <Stack gap="md">
        <Text size="sm">
          A CSV file with a first line naming its columns: <Code>symbol</Code> or <Code>cusip</Code> (or{' '}
          <Code>identifier</Code>), <Code>date</Code> (yyyy-MM-dd or MM/dd/yyyy) and <Code>price</Code>. Up to
          5 MB. A price already saved for a product and date is replaced.
        </Text>
        <CsvFileInput
          label="Price file"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setReport(null);
            setFailure(null);
          }}
          error={tooLarge ? 'The price file can be at most 5 MB.' : undefined}
        />
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        {report && (
          <>
            <Text size="sm" fw={600} role="status">
              {report.dryRun
                ? 'Preview: nothing is saved until you import.'
                : `Imported: ${report.imported.toLocaleString('en-US')} prices saved.`}
            </Text>
            <PriceImportReport result={report} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose} disabled={run.isPending}>
            {imported ? 'Close' : 'Cancel'}
          </Button>
          {!imported &&
            (report?.dryRun ? (
              <Button onClick={() => send(false)} loading={run.isPending} disabled={report.imported === 0}>
                {report.imported === 0
                  ? 'Nothing to import'
                  : `Import ${report.imported.toLocaleString('en-US')} ${report.imported === 1 ? 'price' : 'prices'}`}
              </Button>
            ) : (
              <Button onClick={() => send(true)} loading={run.isPending} disabled={!file || tooLarge}>
                Check file
              </Button>
            ))}
        </Group>
      </Stack>
    </Modal>
  );
};
