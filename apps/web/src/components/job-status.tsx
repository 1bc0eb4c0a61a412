import { type ImportJob, JOB_STATUS_LABELS, type JobStatus } from '@centric/contracts';
import { Badge, Progress, Stack, Text } from '@mantine/core';

const STATUS_COLORS: Readonly<Record<JobStatus, string>> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  WAITING: 'yellow',
  SUCCEEDED: 'green',
  FAILED: 'red',
  CANCELLED: 'gray',
};

/** An import's status: 'Ready to import', 'Imported', 'Failed' … */
export const JobStatusBadge = ({ status }: { status: JobStatus }) => (
  <Badge
    variant="light"
    color={STATUS_COLORS[status]}
    c="dark.7"
    size="sm"
    styles={{ root: { flex: 'none' } }}
  >
    {JOB_STATUS_LABELS[status]}
  </Badge>
);

/** How often a job on its way is asked for again. */
export const IMPORT_POLL_MS = 1000;

/** Queued or running: the job moves on without anyone. */
export const isRunning = (job: Pick<ImportJob, 'status'>) =>
  job.status === 'QUEUED' || job.status === 'RUNNING';

/** What the job does now, in words: checking the file, then `applying` ('Importing the positions'). */
export const jobPhaseText = (job: Pick<ImportJob, 'phase' | 'status'>, applying: string) =>
  job.phase === 'APPLY' ? applying : 'Checking the file';

/** A running job's progress: a bar (moving while its size is not known yet) and 'n of m lines'. */
export const JobProgress = ({
  job,
  label,
  applying = 'Importing the positions',
}: {
  job: Pick<ImportJob, 'progressDone' | 'progressTotal' | 'phase' | 'status'>;
  /** The bar's accessible name. */
  label: string;
  /** What the APPLY phase does, in words. */
  applying?: string;
}) => {
  const known = job.progressTotal > 0;
  const percent = known ? Math.min(100, Math.round((job.progressDone / job.progressTotal) * 100)) : 100;
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        animated={!known || job.status === 'RUNNING'}
        striped={!known}
        aria-label={label}
        {...(known ? {} : { 'aria-valuetext': 'Starting' })}
      />
      <Text size="xs" c="dimmed">
        {known
          ? `${jobPhaseText(job, applying)}: ${job.progressDone.toLocaleString('en-US')} of ${job.progressTotal.toLocaleString('en-US')} (${percent}%)`
          : `${jobPhaseText(job, applying)}: waiting to start`}
      </Text>
    </Stack>
  );
};
