import { type CollectionImport, formatMoney } from '@centric/contracts';
import { Alert, Button, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { CsvFileInput } from '../../../components/csv-file-input.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { type ConfirmationSource, useImportCollections } from '../api/import-collections.ts';

const FILE_REQUIRED = 'Please choose the confirmation file.';

/** What the file did: how many rows were collected and for how much, and each row it could not match. */
const ImportOutcome = ({ outcome }: { outcome: CollectionImport }) => (
  <Stack gap="sm">
    <Alert
      variant="light"
      color={outcome.unmatched.length === 0 ? 'green' : 'orange'}
      icon={<IconCircleCheck size={18} aria-hidden="true" />}
      role="status"
    >
      {outcome.matched} {outcome.matched === 1 ? 'row' : 'rows'} matched, {formatMoney(outcome.total)}{' '}
      collected
      {outcome.unmatched.length > 0
        ? `; ${outcome.unmatched.length} ${outcome.unmatched.length === 1 ? 'row' : 'rows'} not matched.`
        : '.'}
    </Alert>
    {outcome.unmatched.length > 0 && (
      <Table withTableBorder verticalSpacing={6} fz="sm" aria-label="Rows not matched">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Row</Table.Th>
            <Table.Th>Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outcome.unmatched.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                {row.text}
              </Table.Td>
              <Table.Td>{row.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    )}
  </Stack>
);

type ImportFormProps = { runId: string; onClose: () => void };

const ImportForm = ({ runId, onClose }: ImportFormProps) => {
  const importFile = useImportCollections();
  const [source, setSource] = useState<ConfirmationSource>('CUSTODIAN');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const outcome = importFile.data?.outcome;

  const handleImport = async () => {
    setFailure(null);
    if (!file) {
      setFileError(FILE_REQUIRED);
      return;
    }
    setReading(true);
    let content: string;
    try {
      // The file is read here, as text: the server takes its rows (reference, amount, date).
      content = await file.text();
    } catch (error) {
      setFailure(errorMessage(error));
      return;
    } finally {
      setReading(false);
    }
    importFile.mutate(
      { runId, source, content },
      {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  if (outcome) {
    return (
      <Stack gap="md">
        <ImportOutcome outcome={outcome} />
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        A CSV file of what was collected, a row each: reference, amount, date (yyyy-mm-dd). A custodian’s
        reference is the paying account’s number; a bank’s is the bill’s number.
      </Text>
      <Radio.Group
        label="Where the file comes from"
        withAsterisk
        value={source}
        onChange={(value) => setSource(value === 'BANK' ? 'BANK' : 'CUSTODIAN')}
      >
        <Group gap="lg" mt={6}>
          <Radio value="CUSTODIAN" label="Custodian" />
          <Radio value="BANK" label="Bank" />
        </Group>
      </Radio.Group>
      <CsvFileInput
        label="Confirmation file"
        value={file}
        onChange={(next) => {
          setFile(next);
          setFileError(undefined);
          setFailure(null);
        }}
        error={fileError}
      />
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={importFile.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void handleImport()} loading={reading || importFile.isPending}>
          Import
        </Button>
      </Group>
    </Stack>
  );
};

type ImportConfirmationModalProps = { runId: string; opened: boolean; onClose: () => void };

/** Import confirmation file: a custodian's or bank's CSV collected on the run's bills, then what matched. */
export const ImportConfirmationModal = ({ runId, opened, onClose }: ImportConfirmationModalProps) => (
  <Modal opened={opened} onClose={onClose} title="Import confirmation file" size="lg" centered>
    {opened && <ImportForm runId={runId} onClose={onClose} />}
  </Modal>
);
