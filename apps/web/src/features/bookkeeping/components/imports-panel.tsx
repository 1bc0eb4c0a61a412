import type { ImportJob } from '@centric/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { ListAddButton } from '../../../components/list-actions.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ImportJobsTable } from '../../../components/import-job-view.tsx';
import { useImports } from '../api/list-imports.ts';
import { useImportsParams } from '../hooks/use-bookkeeping-params.ts';
import { PositionsImportModal } from './positions-import-modal.tsx';

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
        <ImportJobsTable
          jobs={imports.data?.items ?? []}
          label="Positions imports"
          applying="Importing the positions"
          outcome={outcomeOf}
          onOpen={(id) => update({ importId: id })}
        />
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
