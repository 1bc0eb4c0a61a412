import { POSITIONS_IMPORT_MAX_BYTES, POSITIONS_IMPORT_MESSAGES, type ImportJob } from '@centric/contracts';
import { Code, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';
import { useApplyImport } from '../api/apply-import.ts';
import { useCancelImport } from '../api/cancel-import.ts';
import { useImport } from '../api/get-import.ts';
import { useUploadPositions } from '../api/upload-positions.ts';
import {
  ImportJobFollower,
  type ImportJobTexts,
  ImportJobView,
  ImportModal,
  ImportUploadActions,
} from '../../../components/import-job-view.tsx';
import { PositionsReportView } from './positions-report.tsx';
import { CsvFileInput } from '../../../components/csv-file-input.tsx';

type PositionsImportModalProps = {
  opened: boolean;
  /** The import followed, or null: a new one (choose a file). */
  jobId: string | null;
  /** An upload made a job: follow it (the screen keeps its id in the URL). */
  onJob: (id: string) => void;
  onClose: () => void;
  canWrite: boolean;
};

/**
 * Import positions: choose a custodian's positions file and upload it; the file is checked as a job (its
 * progress followed every second), its preview shown with what importing will do, then Import or Cancel
 * import; the import itself is followed to its end.
 */
export const PositionsImportModal = ({
  opened,
  jobId,
  onJob,
  onClose,
  canWrite,
}: PositionsImportModalProps) => (
  <ImportModal
    opened={opened}
    title="Import positions"
    jobId={jobId}
    onClose={onClose}
    follower={(id) => <ImportFollower jobId={id} onClose={onClose} canWrite={canWrite} />}
    fileStep={<FileStep onJob={onJob} onClose={onClose} />}
  />
);

const FileFormat = () => (
  <Stack gap={6}>
    <Text size="sm">
      A CSV file from the custodian, up to 50 MB, whose first line names its columns (usual names are
      understood):
    </Text>
    <List size="sm" spacing={2} withPadding>
      <List.Item>
        <Code>account number</Code>: the custodian account number of an account here
      </List.Item>
      <List.Item>
        <Code>symbol</Code> or <Code>cusip</Code>: the product held
      </List.Item>
      <List.Item>
        <Code>quantity</Code>: the units held (up to 6 decimals)
      </List.Item>
      <List.Item>
        <Code>price</Code> (optional): the unit price that day, added where the product has none
      </List.Item>
      <List.Item>
        <Code>date</Code>: 2026-03-31 or 03/31/2026
      </List.Item>
    </List>
    <Text size="xs" c="dimmed">
      Nothing changes until you confirm the preview. Each account and date becomes that day&apos;s holdings.
    </Text>
  </Stack>
);

const FileStep = ({ onJob, onClose }: { onJob: (id: string) => void; onClose: () => void }) => {
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadPositions();
  const tooLarge = file !== null && file.size > POSITIONS_IMPORT_MAX_BYTES;

  const handleUpload = () => {
    if (!file) {
      setFailure(POSITIONS_IMPORT_MESSAGES.fileRequired);
      return;
    }
    setFailure(null);
    upload.mutate(file, {
      onSuccess: ({ job }) => onJob(job.id),
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <Stack gap="md">
      <FileFormat />
      <CsvFileInput
        label="Positions file"
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          setFailure(null);
        }}
        error={tooLarge ? POSITIONS_IMPORT_MESSAGES.fileTooLarge : undefined}
      />
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

const ImportFollower = ({
  jobId,
  onClose,
  canWrite,
}: {
  jobId: string;
  onClose: () => void;
  canWrite: boolean;
}) => {
  const queryClient = useQueryClient();
  // When an import has written its positions: the holdings, values, prices and reviews it changed are read again.
  return (
    <ImportJobFollower
      job={useImport(jobId)}
      onSucceeded={() =>
        void invalidateKeys(queryClient, [
          queryKeys.managedAccounts.all,
          queryKeys.products.all,
          queryKeys.bookkeeping.reviews(),
        ])
      }
    >
      {(current) => <PositionsJobView current={current} onClose={onClose} canWrite={canWrite} />}
    </ImportJobFollower>
  );
};

const TEXTS: ImportJobTexts = {
  applying: 'Importing the positions',
  waiting: 'Preview: nothing is saved until you import. Check what the file would change.',
  succeeded: "the accounts' holdings are saved and their reviews checked again.",
  nothing: 'Nothing to import',
};

const PositionsJobView = ({
  current,
  onClose,
  canWrite,
}: {
  current: ImportJob;
  onClose: () => void;
  canWrite: boolean;
}) => {
  const apply = useApplyImport();
  const cancel = useCancelImport();
  const report = current.report;
  const canImport = report !== null && report.snapshots.new + report.snapshots.changed + report.prices > 0;
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
      {report && <PositionsReportView report={report} />}
    </ImportJobView>
  );
};
