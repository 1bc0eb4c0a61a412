import {
  STATEMENT_FLAG_LABELS,
  STATEMENT_FLAGS,
  STATEMENT_IMPORT_MAX_BYTES,
  STATEMENT_MESSAGES,
  type StatementJob,
  type StatementMapping,
  type StatementReport,
} from '@centric/contracts';
import { Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CsvFileInput } from '../../../components/csv-file-input.tsx';
import {
  ImportJobFollower,
  type ImportJobTexts,
  ImportJobView,
  ImportModal,
  ImportUploadActions,
} from '../../../components/import-job-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { readCsvHeader } from '../../../lib/csv-header.ts';
import { formatDate } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import {
  useStatementImport,
  useStatementJobAction,
  useStatementMapping,
  useUploadStatement,
} from '../api/carrier-statements.ts';
import { useReceivableOptions } from '../api/get-receivable-options.ts';

type StatementImportModalProps = {
  opened: boolean;
  /** The import followed, or null: a new one (provider, file, columns). */
  jobId: string | null;
  onJob: (id: string) => void;
  onClose: () => void;
  canWrite: boolean;
};

/**
 * Import statement: a provider's commission statement (CSV) with its columns mapped (the provider's saved
 * mapping offered), checked as a job, its preview (what each line would be flagged), then Import or Cancel
 * import; the import followed to its end.
 */
export const StatementImportModal = ({
  opened,
  jobId,
  onJob,
  onClose,
  canWrite,
}: StatementImportModalProps) => (
  <ImportModal
    opened={opened}
    title="Import carrier statement"
    jobId={jobId}
    onClose={onClose}
    follower={(id) => <StatementFollower jobId={id} onClose={onClose} canWrite={canWrite} />}
    fileStep={<FileStep onJob={onJob} onClose={onClose} />}
  />
);

type Columns = Record<keyof StatementMapping, string | null>;
const FIELDS: readonly { key: keyof StatementMapping; label: string; field: string }[] = [
  { key: 'policyColumn', label: 'Policy or contract number', field: 'policy or contract number' },
  { key: 'dateColumn', label: 'Payment date', field: 'payment date' },
  { key: 'amountColumn', label: 'Amount', field: 'amount' },
  { key: 'kindColumn', label: 'Kind (optional)', field: 'kind' },
];
const NO_COLUMNS: Columns = { policyColumn: null, dateColumn: null, amountColumn: null, kindColumn: null };

const FileStep = ({ onJob, onClose }: { onJob: (id: string) => void; onClose: () => void }) => {
  const options = useReceivableOptions();
  const [providerId, setProviderId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [columns, setColumns] = useState<Columns>(NO_COLUMNS);
  const [errors, setErrors] = useState<Partial<Record<'provider' | 'file' | keyof StatementMapping, string>>>(
    {},
  );
  const [failure, setFailure] = useState<string | null>(null);
  const mapping = useStatementMapping(providerId);
  const upload = useUploadStatement();
  const tooLarge = file !== null && file.size > STATEMENT_IMPORT_MAX_BYTES;

  useEffect(() => {
    let live = true;
    if (file) void readCsvHeader(file).then((names) => live && setHeader(names));
    else setHeader([]);
    return () => {
      live = false;
    };
  }, [file]);

  // The provider's saved columns (or the usual names), where the file has them.
  useEffect(() => {
    const saved = mapping.data;
    const find = (name: string | null | undefined) =>
      name ? (header.find((h) => h.toLowerCase() === name.toLowerCase()) ?? null) : null;
    setColumns({
      policyColumn: find(saved?.policyColumn),
      dateColumn: find(saved?.dateColumn),
      amountColumn: find(saved?.amountColumn),
      kindColumn: find(saved?.kindColumn),
    });
  }, [mapping.data, header]);

  const handleUpload = () => {
    const found: typeof errors = {};
    if (providerId === null) found.provider = STATEMENT_MESSAGES.providerRequired;
    if (!file) found.file = STATEMENT_MESSAGES.fileRequired;
    for (const { key, field } of FIELDS) {
      if (key !== 'kindColumn' && file && !columns[key])
        found[key] = STATEMENT_MESSAGES.columnRequired(field);
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !file || providerId === null) return;
    upload.mutate(
      {
        providerId,
        file,
        mapping: {
          policyColumn: columns.policyColumn ?? '',
          dateColumn: columns.dateColumn ?? '',
          amountColumn: columns.amountColumn ?? '',
          kindColumn: columns.kindColumn,
        },
      },
      { onSuccess: ({ job }) => onJob(job.id), onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        A carrier&apos;s commission statement, up to 20 MB, whose first line names its columns. Each line is
        matched on the provider and the policy or contract number, then to the nearest expected payment by
        date. Nothing changes until you confirm the preview; lines imported before are not imported again.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Provider"
          placeholder={options.isPending ? 'Loading the providers...' : 'Choose the carrier'}
          data={(options.data?.providers ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={providerId === null ? null : String(providerId)}
          onChange={(value) => {
            setProviderId(value ? Number(value) : null);
            setErrors((e) => ({ ...e, provider: undefined }));
          }}
          searchable
          error={errors.provider}
          comboboxProps={{ withinPortal: true }}
        />
        <CsvFileInput
          label="Statement file"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setFailure(null);
            setErrors((e) => ({ ...e, file: undefined }));
          }}
          error={tooLarge ? STATEMENT_MESSAGES.fileTooLarge : errors.file}
        />
      </SimpleGrid>
      {file && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Columns of the file
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {FIELDS.map(({ key, label }) => (
              <Select
                key={key}
                label={label}
                placeholder={key === 'kindColumn' ? 'No kind column (renewals)' : 'Choose a column'}
                data={header}
                value={columns[key]}
                onChange={(value) => {
                  setColumns((c) => ({ ...c, [key]: value }));
                  setErrors((e) => ({ ...e, [key]: undefined }));
                }}
                clearable={key === 'kindColumn'}
                required={key !== 'kindColumn'}
                error={errors[key]}
                comboboxProps={{ withinPortal: true }}
              />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            The columns are saved for the provider&apos;s next statement. A negative amount is a chargeback.
          </Text>
        </Stack>
      )}
      <ImportUploadActions
        failure={failure}
        pending={upload.isPending}
        disabled={tooLarge}
        onCancel={onClose}
        onUpload={handleUpload}
      />
    </Stack>
  );
};

const StatementFollower = ({
  jobId,
  onClose,
  canWrite,
}: {
  jobId: string;
  onClose: () => void;
  canWrite: boolean;
}) => {
  const queryClient = useQueryClient();
  // When the import is done: the receivables' lists, figures and differences are read again.
  return (
    <ImportJobFollower
      job={useStatementImport(jobId)}
      onSucceeded={() => void queryClient.invalidateQueries({ queryKey: queryKeys.receivables.all })}
    >
      {(current) => <StatementJobView current={current} onClose={onClose} canWrite={canWrite} />}
    </ImportJobFollower>
  );
};

const count = (n: number) => n.toLocaleString('en-US');

/** The preview (or what was imported): lines read, refused, already imported, and the new lines by flag. */
const StatementReportView = ({ report }: { report: StatementReport }) => {
  const flags = report.applied ?? report.flags;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {report.provider.name}: {count(report.rows)} {report.rows === 1 ? 'line' : 'lines'},{' '}
        {count(report.accepted)} read, {count(report.refusedCount)} refused
        {report.alreadyImported > 0
          ? `, ${count(report.alreadyImported)} imported before (left as they are)`
          : ''}
        {report.dateFrom && report.dateTo
          ? report.dateFrom === report.dateTo
            ? `; paid ${formatDate(report.dateFrom)}.`
            : `; paid ${formatDate(report.dateFrom)} to ${formatDate(report.dateTo)}.`
          : '.'}
      </Text>
      <Table
        withTableBorder
        verticalSpacing={6}
        aria-label={report.applied ? 'Imported lines by flag' : 'Lines by flag'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Flag</Table.Th>
            <Table.Th ta="right">{report.applied ? 'Imported' : 'Would import'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {STATEMENT_FLAGS.map((flag) => (
            <Table.Tr key={flag}>
              <Table.Td>
                {STATEMENT_FLAG_LABELS[flag]}
                {flag === 'UNPAID' && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    (expected in the period, on no line)
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{count(flags[flag])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {report.refused.length > 0 && (
        <Table.ScrollContainer minWidth={480} mah={200}>
          <Table verticalSpacing={4} aria-label="Refused lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Policy</Table.Th>
                <Table.Th>Why it was refused</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.refused.map((r) => (
                <Table.Tr key={r.line}>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>{r.policyNumber ?? '—'}</Table.Td>
                  <Table.Td>{r.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
};

const TEXTS: ImportJobTexts = {
  applying: 'Importing the statement',
  waiting: 'Preview: nothing is saved until you import. Check how the lines would be flagged.',
  succeeded: 'the payments paid are marked received, and the differences wait on the Differences tab.',
  nothing: 'Nothing new to import',
};

const StatementJobView = ({
  current,
  onClose,
  canWrite,
}: {
  current: StatementJob;
  onClose: () => void;
  canWrite: boolean;
}) => {
  const apply = useStatementJobAction('apply');
  const cancel = useStatementJobAction('cancel');
  const report = current.report;
  const flags = report?.flags;
  const canImport = flags !== undefined && STATEMENT_FLAGS.some((flag) => flags[flag] > 0);
  return (
    <ImportJobView
      current={current}
      texts={TEXTS}
      apply={apply}
      cancel={cancel}
      canWrite={canWrite}
      canImport={canImport}
      onClose={onClose}
    >
      {report && <StatementReportView report={report} />}
    </ImportJobView>
  );
};
