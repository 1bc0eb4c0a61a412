import type { ImportJob } from '@centric/contracts';
import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { ListAddButton } from '../../../components/list-actions.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { useFirmTimeZone } from '../../../lib/firm-calendar.ts';
import { formatInstantIn } from '../../../lib/format.ts';
import { isRunning } from '../api/get-import.ts';
import { useImports } from '../api/list-imports.ts';
import { useImportsParams } from '../hooks/use-bookkeeping-params.ts';
import { JobProgress, JobStatusBadge } from './job-status.tsx';
import { PositionsImportModal } from './positions-import-modal.tsx';
import { RowNameButton } from '../../../components/row-name-button.tsx';

const IMPORT_LABEL = 'Import positions';

/** A finished import's lines in a few words: '1,204 of 1,210 lines accepted'. */
const outcomeOf = (job: ImportJob) => {
  if (!job.report) return job.status === 'FAILED' ? 'Stopped before its report' : '—';
  const { accepted, rows } = job.report;
  return `${accepted.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} lines accepted`;
};

/**
 * The positions imports: Import positions (a file, its preview, then the import), and the past imports,
 * newest first, each reopening its report; an import on its way shows its progress.
 */
export const ImportsPanel = ({ canWrite }: { canWrite: boolean }) => {
  const { state, update } = useImportsParams();
  const imports = useImports({ page: state.page, limit: state.limit });
  const timeZone = useFirmTimeZone();
  // The modal: closed, a new import (choose a file), or the import of the URL's `importId`.
  const [choosing, setChoosing] = useState(false);
  const opened = choosing || state.importId !== '';

  const handleClose = () => {
    setChoosing(false);
    update({ importId: '' });
  };
  const handleJob = (id: string) => {
    setChoosing(false);
    update({ importId: id });
  };
  const add = canWrite ? { label: IMPORT_LABEL, onClick: () => setChoosing(true) } : undefined;
  const total = imports.data?.total ?? 0;
  const when = (instant: string | null) => (instant ? formatInstantIn(instant, timeZone) : null);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" maw={640}>
          A custodian&apos;s positions file updates the holdings of many accounts at once. Each file is
          checked first: you see what it would change before anything is saved.
        </Text>
        <Group gap="sm">
          <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
            {imports.data ? `${total} ${total === 1 ? 'import' : 'imports'}` : ''}
          </Text>
          {add && <ListAddButton label={add.label} onClick={add.onClick} />}
        </Group>
      </Group>
      <ListPanel
        query={imports}
        loadingLabel="Loading the imports..."
        isEmpty={imports.data?.items.length === 0}
        empty={{
          icon: <IconFileImport size={28} aria-hidden="true" />,
          title: 'No positions imports yet',
          description: 'Imported positions files appear here with their reports.',
          add,
        }}
      >
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Positions imports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Progress</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Finished</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(imports.data?.items ?? []).map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>
                    <RowNameButton
                      title={`Open the report of ${job.fileName}`}
                      maxWidth={280}
                      onClick={() => update({ importId: job.id })}
                    >
                      {job.fileName}
                    </RowNameButton>
                  </Table.Td>
                  <Table.Td>
                    <JobStatusBadge status={job.status} />
                  </Table.Td>
                  <Table.Td miw={200}>
                    {isRunning(job) ? (
                      <JobProgress job={job} label={`Progress of ${job.fileName}`} />
                    ) : (
                      <Text size="sm">{outcomeOf(job)}</Text>
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
      </ListPanel>
      <ListFooter page={state.page} limit={state.limit} total={total} onChange={update} />
      <PositionsImportModal
        opened={opened}
        jobId={state.importId || null}
        onJob={handleJob}
        onClose={handleClose}
        canWrite={canWrite}
      />
    </Stack>
  );
};
