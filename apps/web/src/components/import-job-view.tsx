import type { ImportJob } from '@centric/contracts';
import { Alert, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconFileTypeCsv } from '@tabler/icons-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { useFirmTimeZone } from '../lib/firm-calendar.ts';
import { formatDate, formatInstantIn } from '../lib/format.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { ErrorAlert } from './error-alert.tsx';
import { QueryState } from './query-state.tsx';
import { isRunning, JobProgress, JobStatusBadge } from './job-status.tsx';
import { RowNameButton } from './row-name-button.tsx';

/**
 * What every file import's screen shares (positions files, carrier statements, prospects): the modal (a new
 * import's first step, or one import followed: its file, status, progress, report, then Import or Cancel
 * import), and the list of past imports.
 */

/** An import's modal: the import followed when there is one (`jobId`), else the first step of a new one. */
export const ImportModal = ({
  opened,
  title,
  jobId,
  onClose,
  follower,
  fileStep,
  size = 'xl',
}: {
  opened: boolean;
  title: string;
  jobId: string | null;
  onClose: () => void;
  follower: (jobId: string) => ReactNode;
  fileStep: ReactNode;
  size?: string;
}) => (
  <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
    {opened && (jobId ? <div key={jobId}>{follower(jobId)}</div> : fileStep)}
  </Modal>
);

/**
 * One import followed (its query asked again while it runs): loading and error states, and `onSucceeded` once
 * it has just succeeded (what it changed is read again).
 */
export const ImportJobFollower = <J extends Pick<ImportJob, 'status'>>({
  job,
  onSucceeded,
  children,
}: {
  job: UseQueryResult<J>;
  onSucceeded: () => void;
  children: (current: J) => ReactNode;
}) => {
  useWhenSucceeded(job.data?.status, onSucceeded);
  return (
    <QueryState query={job} loading="Loading the import..." errorTitle="Could not load the import">
      {children}
    </QueryState>
  );
};

type JobLike = Pick<
  ImportJob,
  'id' | 'status' | 'phase' | 'progressDone' | 'progressTotal' | 'fileName' | 'error' | 'finishedAt'
>;

/** Runs `then` once the job has just succeeded (not when it is opened already succeeded). */
export const useWhenSucceeded = (status: ImportJob['status'] | undefined, then: () => void) => {
  const seen = useRef(status);
  const latest = useRef(then);
  useEffect(() => {
    latest.current = then;
  });
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (status === 'SUCCEEDED' && before !== undefined && before !== 'SUCCEEDED') latest.current();
  }, [status]);
};

type JobMutation = UseMutationResult<{ message: string }, unknown, string>;

export type ImportJobTexts = {
  /** What the APPLY phase does: 'Importing the positions'. */
  applying: string;
  /** The preview's sentence while it waits. */
  waiting: string;
  /** After 'Imported on …:', what was saved. */
  succeeded: string;
  /** The confirm button when the preview has nothing to import. */
  nothing: string;
};

/** One import in its modal: the file and status, its progress or outcome, the report, and its buttons. */
export const ImportJobView = ({
  current,
  texts,
  apply,
  cancel,
  canWrite,
  canImport,
  onClose,
  children,
}: {
  current: JobLike;
  texts: ImportJobTexts;
  apply: JobMutation;
  cancel: JobMutation;
  canWrite: boolean;
  /** The preview has something to import. */
  canImport: boolean;
  onClose: () => void;
  /** The report. */
  children: ReactNode;
}) => {
  const busy = apply.isPending || cancel.isPending;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFileTypeCsv size={18} aria-hidden="true" style={{ flex: 'none' }} />
          <Text size="sm" fw={600} truncate="end" title={current.fileName}>
            {current.fileName}
          </Text>
        </Group>
        <JobStatusBadge status={current.status} />
      </Group>
      <div role="status" aria-live="polite">
        {isRunning(current) && (
          <JobProgress job={current} label="Import progress" applying={texts.applying} />
        )}
        {current.status === 'WAITING' && <Text size="sm">{texts.waiting}</Text>}
        {current.status === 'SUCCEEDED' && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={16} aria-hidden="true" />}>
            Imported{current.finishedAt ? ` on ${formatDate(current.finishedAt)}` : ''}: {texts.succeeded}
          </Alert>
        )}
        {current.status === 'CANCELLED' && (
          <Text size="sm" c="dimmed">
            This import was cancelled; what it had written stays.
          </Text>
        )}
      </div>
      {current.status === 'FAILED' && <ErrorAlert>{current.error ?? 'The import failed.'}</ErrorAlert>}
      {children}
      <Group justify="flex-end">
        {canWrite && (isRunning(current) || current.status === 'WAITING') ? (
          <>
            <Button
              variant="default"
              color="red.9"
              loading={cancel.isPending}
              disabled={busy}
              onClick={() =>
                cancel.mutate(current.id, {
                  onSuccess: ({ message }) => notifySuccess(message),
                  onError: (error) => notifyError(errorMessage(error)),
                })
              }
            >
              Cancel import
            </Button>
            {current.status === 'WAITING' && (
              <Button
                loading={apply.isPending}
                disabled={busy || !canImport}
                onClick={() =>
                  apply.mutate(current.id, { onError: (error) => notifyError(errorMessage(error)) })
                }
              >
                {canImport ? 'Import' : texts.nothing}
              </Button>
            )}
          </>
        ) : (
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        )}
      </Group>
    </Stack>
  );
};

type ListedJob = JobLike & Pick<ImportJob, 'createdAt' | 'createdBy'>;

/** The past imports, newest first: each file reopens its report; one on its way shows its progress. */
export const ImportJobsTable = <J extends ListedJob>({
  jobs,
  label,
  applying,
  outcome,
  extra,
  onOpen,
}: {
  jobs: readonly J[];
  /** The table's accessible name. */
  label: string;
  applying: string;
  /** A finished import's lines in a few words. */
  outcome: (job: J) => string;
  /** A column of this kind of import (the provider of a statement). */
  extra?: { header: string; cell: (job: J) => ReactNode };
  onOpen: (id: string) => void;
}) => {
  const timeZone = useFirmTimeZone();
  const when = (instant: string | null) => (instant ? formatInstantIn(instant, timeZone) : null);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            {extra && <Table.Th>{extra.header}</Table.Th>}
            <Table.Th>Status</Table.Th>
            <Table.Th>Progress</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Finished</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Td>
                <RowNameButton
                  title={`Open the report of ${job.fileName}`}
                  maxWidth={280}
                  onClick={() => onOpen(job.id)}
                >
                  {job.fileName}
                </RowNameButton>
              </Table.Td>
              {extra && <Table.Td>{extra.cell(job)}</Table.Td>}
              <Table.Td>
                <JobStatusBadge status={job.status} />
              </Table.Td>
              <Table.Td miw={200}>
                {isRunning(job) ? (
                  <JobProgress job={job} label={`Progress of ${job.fileName}`} applying={applying} />
                ) : (
                  <Text size="sm">{outcome(job)}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {when(job.createdAt)}
                </Text>
                <Text size="xs" c="dimmed">
                  {job.createdBy ? `by ${job.createdBy.fullName}` : 'by the system'}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {job.finishedAt ? (
                  <Text size="sm">{when(job.finishedAt)}</Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    <span aria-hidden="true">—</span>
                    <VisuallyHidden>Not finished</VisuallyHidden>
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** The foot of an import's first step: why the upload was refused, then Cancel and Upload and check. */
export const ImportUploadActions = ({
  failure,
  pending,
  disabled,
  onCancel,
  onUpload,
}: {
  failure: string | null;
  pending: boolean;
  disabled: boolean;
  onCancel: () => void;
  onUpload: () => void;
}) => (
  <>
    {failure && <ErrorAlert>{failure}</ErrorAlert>}
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button onClick={onUpload} loading={pending} disabled={disabled}>
        Upload and check
      </Button>
    </Group>
  </>
);
