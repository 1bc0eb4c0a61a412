import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  PROSPECT_ACTIVITY_STATUS_LABELS,
  PROSPECT_ACTIVITY_TYPE_LABELS,
  PROSPECT_ACTIVITY_TYPES,
  PROSPECT_FORM_STATUSES,
  PROSPECT_IMPORT_FIELD_LABELS,
  PROSPECT_IMPORT_MAX_BYTES,
  PROSPECT_IMPORT_MESSAGES,
  PROSPECT_IMPORT_ROW_STATUS_LABELS,
  type ProspectImportApplyBody,
  type ProspectImportField,
  type ProspectImportJob,
  type ProspectImportMapping,
  type ProspectImportReport,
  type ProspectImportRowStatus,
  PROSPECT_TYPE_LABELS,
  PROSPECT_TYPES,
  suggestProspectMapping,
} from '@centric/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Radio,
  Select,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
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
import { ListPager } from '../../../components/list-pager.tsx';
import { type PickedUser, UserPicker } from '../../../components/user-picker.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { type CsvHead, readCsvHead } from '../../../lib/csv-header.ts';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { useMasterOptions } from '../../../lib/lookups/master-options.ts';
import { paths } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import {
  useApplyProspectImport,
  useCancelProspectImport,
  useProspectImport,
  useProspectImportRows,
  useUploadProspects,
} from '../api/prospect-imports.ts';

type ProspectImportModalProps = {
  opened: boolean;
  /** The import followed, or null: a new one (file, columns, values for every line). */
  jobId: string | null;
  onJob: (id: string) => void;
  onClose: () => void;
  canWrite: boolean;
};

/**
 * Import prospects: a CSV file, its columns mapped to the prospect's fields (the usual names found by
 * themselves) with values for the fields no column gives, checked as a job; the preview line by line (ready,
 * duplicates of prospects or of earlier lines, errors with the form's messages), the duplicates skipped or
 * imported, then Import; the import followed to its end.
 */
export const ProspectImportModal = ({
  opened,
  jobId,
  onJob,
  onClose,
  canWrite,
}: ProspectImportModalProps) => (
  <ImportModal
    opened={opened}
    title="Import prospects"
    jobId={jobId}
    onClose={onClose}
    follower={(id) => <ProspectImportFollower jobId={id} onClose={onClose} canWrite={canWrite} />}
    fileStep={<FileStep onJob={onJob} onClose={onClose} />}
  />
);

/** The fields in the order a person maps them, by section. */
const SECTIONS: ReadonlyArray<{ title: string; fields: readonly ProspectImportField[] }> = [
  { title: 'Name', fields: ['firstName', 'lastName', 'name', 'type', 'middleName', 'nickName', 'suffix'] },
  { title: 'Contact', fields: ['email', 'phone', 'addressLine1', 'addressLine2', 'city', 'state', 'zip'] },
  {
    title: 'Pipeline',
    fields: [
      'leadStatus',
      'activityStatus',
      'wealthAdvisor',
      'businessDeveloper',
      'source',
      'other',
      'worksAt',
    ],
  },
  {
    title: 'Services',
    fields: ['assetManagement', 'financialLifeManagement', 'riskManagement', 'legacyPlanning', 'privateFund'],
  },
  { title: 'First activity', fields: ['activityType', 'activityDate', 'minutes'] },
];

type Defaults = {
  defaultType: string | null;
  defaultLeadStatus: string | null;
  defaultActivityStatus: string | null;
  defaultSourceId: string | null;
  defaultActivityType: string | null;
  defaultActivityDate: string;
  defaultMinutes: string;
};

const options = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));

const FileStep = ({ onJob, onClose }: { onJob: (id: string) => void; onClose: () => void }) => {
  const today = useFirmToday();
  const sources = useMasterOptions('sources', true);
  const [file, setFile] = useState<File | null>(null);
  const [head, setHead] = useState<CsvHead>({ header: [], samples: [] });
  const [mapping, setMapping] = useState<ProspectImportMapping>({});
  const [advisor, setAdvisor] = useState<PickedUser | null>(null);
  const [defaults, setDefaults] = useState<Defaults>({
    defaultType: 'PERSON',
    defaultLeadStatus: 'WARM',
    defaultActivityStatus: 'ACTIVE',
    defaultSourceId: null,
    defaultActivityType: 'EMAIL',
    defaultActivityDate: today,
    defaultMinutes: '15',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadProspects();
  const tooLarge = file !== null && file.size > PROSPECT_IMPORT_MAX_BYTES;

  useEffect(() => {
    let live = true;
    if (file) {
      void readCsvHead(file).then((read) => {
        if (!live) return;
        setHead(read);
        setMapping(suggestProspectMapping(read.header));
      });
    } else {
      setHead({ header: [], samples: [] });
      setMapping({});
    }
    return () => {
      live = false;
    };
  }, [file]);

  const setDefault = (key: keyof Defaults, value: string | null) => {
    setDefaults((d) => ({
      ...d,
      [key]: value ?? (key === 'defaultActivityDate' || key === 'defaultMinutes' ? '' : null),
    }));
    setErrors((e) => ({
      ...e,
      [key]: '',
      [key.replace(/^default/, '').replace(/^./, (c) => c.toLowerCase())]: '',
    }));
  };

  const handleUpload = () => {
    setFailure(null);
    if (!file) {
      setErrors({ file: PROSPECT_IMPORT_MESSAGES.fileRequired });
      return;
    }
    setErrors({});
    upload.mutate(
      {
        file,
        query: {
          ...mapping,
          ...Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, v ?? undefined])),
          ...(advisor ? { defaultWealthAdvisorId: advisor.id } : {}),
        } as never,
      },
      {
        onSuccess: ({ job }) => onJob(job.id),
        onError: (error) => {
          // The mapping's own errors stand beside their field; the first is said above the buttons.
          if (isApiError(error) && error.errors) {
            setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
          }
          setFailure(errorMessage(error));
        },
      },
    );
  };

  const example = (column: string | undefined) => {
    if (!column) return undefined;
    const value = head.samples.find((s) => (s[column] ?? '') !== '')?.[column];
    return value
      ? `e.g. ${value.length > 40 ? `${value.slice(0, 40)}…` : value}`
      : 'Empty in the first lines';
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        A CSV file of any length, up to 50 MB, whose first line names its columns. Each line is checked with
        the prospect form&apos;s rules; lines with the email or phone of a prospect already here, or of an
        earlier line, are flagged as duplicates. Nothing is saved until you confirm the preview.
      </Text>
      <CsvFileInput
        label="Prospects file"
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          setFailure(null);
          setErrors({});
        }}
        error={tooLarge ? PROSPECT_IMPORT_MESSAGES.fileTooLarge : errors.file}
      />
      {file && head.header.length > 0 && (
        <>
          <Stack gap="xs">
            <Title order={3} size="h5">
              Columns of the file
            </Title>
            <Text size="xs" c="dimmed">
              The usual column names are matched already. Choose a column for each field the file has; leave
              the others empty.
            </Text>
            <Table.ScrollContainer minWidth={560} mah={340} type="native">
              <Table verticalSpacing={4} aria-label="Column of each field" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="34%">Field</Table.Th>
                    <Table.Th w="36%">Column in the file</Table.Th>
                    <Table.Th>Example</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                {SECTIONS.map((section) => (
                  <Table.Tbody key={section.title}>
                    <Table.Tr>
                      <Table.Th colSpan={3} bg="var(--mantine-color-gray-0)" scope="colgroup">
                        <Text size="xs" fw={700} tt="uppercase" c="dark.6">
                          {section.title}
                        </Text>
                      </Table.Th>
                    </Table.Tr>
                    {section.fields.map((field) => (
                      <Table.Tr key={field}>
                        <Table.Td>
                          <Text size="sm">{PROSPECT_IMPORT_FIELD_LABELS[field]}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Select
                            aria-label={`Column of ${PROSPECT_IMPORT_FIELD_LABELS[field]}`}
                            placeholder="Not in the file"
                            data={head.header}
                            value={mapping[field] ?? null}
                            onChange={(value) => {
                              setMapping((m) => {
                                const next = { ...m };
                                if (value) next[field] = value;
                                else delete next[field];
                                return next;
                              });
                              setErrors((e) => ({ ...e, [field]: '' }));
                            }}
                            error={errors[field] || undefined}
                            clearable
                            size="xs"
                            comboboxProps={{ withinPortal: true }}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" c="dimmed" truncate="end" maw={200}>
                            {example(mapping[field])}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                ))}
              </Table>
            </Table.ScrollContainer>
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h5">
              For lines without a value
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
              <Select
                label="Type"
                data={options(PROSPECT_TYPES, PROSPECT_TYPE_LABELS)}
                value={defaults.defaultType}
                onChange={(v) => setDefault('defaultType', v)}
                error={errors.type || errors.defaultType || undefined}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Lead status"
                data={options(LEAD_STATUSES, LEAD_STATUS_LABELS)}
                value={defaults.defaultLeadStatus}
                onChange={(v) => setDefault('defaultLeadStatus', v)}
                error={errors.leadStatus || errors.defaultLeadStatus || undefined}
                clearable
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Status"
                data={options(PROSPECT_FORM_STATUSES, PROSPECT_ACTIVITY_STATUS_LABELS)}
                value={defaults.defaultActivityStatus}
                onChange={(v) => setDefault('defaultActivityStatus', v)}
                error={errors.activityStatus || undefined}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Source"
                placeholder={sources.isPending ? 'Loading the sources...' : 'Choose a source'}
                data={(sources.data ?? []).map(({ value, label }) => ({ value, label }))}
                value={defaults.defaultSourceId}
                onChange={(v) => setDefault('defaultSourceId', v)}
                error={errors.source || errors.defaultSourceId || undefined}
                clearable
                searchable
                comboboxProps={{ withinPortal: true }}
              />
              <UserPicker
                label="Wealth advisor"
                value={advisor}
                onChange={(user) => {
                  setAdvisor(user);
                  setErrors((e) => ({ ...e, wealthAdvisor: '', defaultWealthAdvisorId: '' }));
                }}
                error={errors.wealthAdvisor || errors.defaultWealthAdvisorId || undefined}
              />
              <Select
                label="Activity type"
                data={options(PROSPECT_ACTIVITY_TYPES, PROSPECT_ACTIVITY_TYPE_LABELS)}
                value={defaults.defaultActivityType}
                onChange={(v) => setDefault('defaultActivityType', v)}
                error={errors.activityType || undefined}
                clearable
                comboboxProps={{ withinPortal: true }}
              />
              <TextInput
                label="Activity date"
                type="date"
                max={today}
                value={defaults.defaultActivityDate}
                onChange={(e) => setDefault('defaultActivityDate', e.currentTarget.value)}
                error={errors.activityDate || undefined}
              />
              <TextInput
                label="Minutes"
                inputMode="numeric"
                value={defaults.defaultMinutes}
                onChange={(e) => setDefault('defaultMinutes', e.currentTarget.value.replace(/\D/g, ''))}
                error={errors.minutes || undefined}
              />
            </SimpleGrid>
          </Stack>
        </>
      )}
      {file && head.header.length === 0 && !tooLarge && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} aria-hidden="true" />}>
          {PROSPECT_IMPORT_MESSAGES.headerMissing}
        </Alert>
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

const ProspectImportFollower = ({
  jobId,
  onClose,
  canWrite,
}: {
  jobId: string;
  onClose: () => void;
  canWrite: boolean;
}) => {
  const queryClient = useQueryClient();
  // When the import is done: the list, the board and the figures are read again.
  return (
    <ImportJobFollower
      job={useProspectImport(jobId)}
      onSucceeded={() => void queryClient.invalidateQueries({ queryKey: queryKeys.prospects.all })}
    >
      {(current) => <ProspectImportJobView current={current} onClose={onClose} canWrite={canWrite} />}
    </ImportJobFollower>
  );
};

const TEXTS: ImportJobTexts = {
  applying: 'Importing the prospects',
  waiting: 'Preview: nothing is saved until you import. Check the lines below.',
  succeeded: 'the prospects are in the list, each with its first activity.',
  nothing: 'Nothing to import',
};

const ProspectImportJobView = ({
  current,
  onClose,
  canWrite,
}: {
  current: ProspectImportJob;
  onClose: () => void;
  canWrite: boolean;
}) => {
  const [duplicates, setDuplicates] = useState<ProspectImportApplyBody['duplicates']>('skip');
  const apply = useApplyProspectImport(duplicates);
  const cancel = useCancelProspectImport();
  const report = current.report;
  const canImport =
    report !== null && (report.counts.ready > 0 || (duplicates === 'import' && report.counts.duplicates > 0));
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
      {report && (
        <Stack gap="md">
          <ReportFigures report={report} />
          {current.status === 'WAITING' && report.counts.duplicates > 0 && (
            <Radio.Group
              label="Duplicates"
              value={duplicates}
              onChange={(value) => setDuplicates(value as ProspectImportApplyBody['duplicates'])}
            >
              <Group gap="lg" mt={4}>
                <Radio value="skip" label="Leave them out" />
                <Radio value="import" label="Import them too" />
              </Group>
            </Radio.Group>
          )}
          <ReportLines
            jobId={current.id}
            running={current.status === 'RUNNING' || current.status === 'QUEUED'}
          />
        </Stack>
      )}
    </ImportJobView>
  );
};

const count = (n: number) => n.toLocaleString('en-US');

const ReportFigures = ({ report }: { report: ProspectImportReport }) => {
  const figures = report.applied
    ? [
        { label: 'Imported', value: report.applied.imported, color: 'green' },
        { label: 'Skipped', value: report.applied.skipped, color: 'gray' },
        { label: 'With errors', value: report.counts.invalid, color: 'red' },
      ]
    : [
        { label: 'Ready', value: report.counts.ready, color: 'green' },
        { label: 'Duplicates', value: report.counts.duplicates, color: 'yellow' },
        { label: 'With errors', value: report.counts.invalid, color: 'red' },
      ];
  return (
    <Stack gap="xs">
      <SimpleGrid cols={3} spacing="sm">
        {figures.map((f) => (
          <Stack
            key={f.label}
            gap={0}
            p="sm"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
              borderLeft: `4px solid var(--mantine-color-${f.color}-6)`,
            }}
          >
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text size="xl" fw={700}>
              {count(f.value)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {count(report.rows)} {report.rows === 1 ? 'line' : 'lines'} read
        {report.counts.duplicates > 0 || report.applied
          ? `; duplicates: ${count(report.duplicatesOfProspects)} of prospects already here, ${count(report.duplicatesInFile)} of earlier lines`
          : ''}
        .
      </Text>
    </Stack>
  );
};

const STATUS_COLORS: Readonly<Record<ProspectImportRowStatus, string>> = {
  READY: 'green',
  DUPLICATE: 'yellow',
  INVALID: 'red',
  IMPORTED: 'green',
  SKIPPED: 'gray',
};

const PAGE_SIZE = 10;

/** The lines, by status, a page at a time: who each is, and why it is a duplicate or cannot be imported. */
const ReportLines = ({ jobId, running }: { jobId: string; running: boolean }) => {
  const [status, setStatus] = useState<ProspectImportRowStatus | ''>('');
  const [page, setPage] = useState(1);
  const rows = useProspectImportRows(jobId, { status, page, limit: PAGE_SIZE }, !running);
  if (running) return null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          Line by line
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Lines shown"
          value={status}
          onChange={(value) => {
            setStatus(value as ProspectImportRowStatus | '');
            setPage(1);
          }}
          data={[
            { value: '', label: 'All' },
            ...(['READY', 'DUPLICATE', 'INVALID', 'IMPORTED', 'SKIPPED'] as const).map((s) => ({
              value: s,
              label: PROSPECT_IMPORT_ROW_STATUS_LABELS[s],
            })),
          ]}
        />
      </Group>
      {rows.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(rows.error)}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={6} aria-label="Lines of the file" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>Line</Table.Th>
                <Table.Th>Prospect</Table.Th>
                <Table.Th w={130}>Status</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      Loading the lines...
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.data?.items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      No lines with this status.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.data?.items.map((r) => (
                <Table.Tr key={r.line}>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {r.displayName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[r.email, r.phone].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[r.status]} c="dark.7" size="sm">
                      {PROSPECT_IMPORT_ROW_STATUS_LABELS[r.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {r.errors.map((e) => (
                      <Text key={e.field} size="xs">
                        <Text span fw={600} size="xs">
                          {e.field}:
                        </Text>{' '}
                        {e.message}
                      </Text>
                    ))}
                    {r.duplicateOf?.prospect && (
                      <Text size="xs">
                        {PROSPECT_IMPORT_MESSAGES.duplicateOfProspect}{' '}
                        <Anchor
                          href={paths.prospects.href({ prospectId: r.duplicateOf.prospect.id })}
                          size="xs"
                          target="_blank"
                        >
                          {r.duplicateOf.prospect.name}
                        </Anchor>
                      </Text>
                    )}
                    {r.duplicateOf?.line != null && (
                      <Text size="xs">{PROSPECT_IMPORT_MESSAGES.duplicateOfLine(r.duplicateOf.line)}</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        total={rows.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        noun="lines"
        onChange={setPage}
      />
    </Stack>
  );
};
