import {
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  PROSPECT_ACTIVITY_STATUSES,
  PROSPECT_ACTIVITY_STATUS_LABELS,
  type ProspectRow,
} from '@centric/contracts';
import { Button, Group, SegmentedControl, Select } from '@mantine/core';
import { IconFileImport, IconTargetArrow } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ExportFormat, ExportButtons } from '../../../components/export-buttons.tsx';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import { type PickedUser, UserPicker } from '../../../components/user-picker.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useExportProspects, useProspects } from '../api/list-prospects.ts';
import { useProspectsParams } from '../hooks/use-prospects-params.ts';
import { ProspectFormModal } from './prospect-form-modal.tsx';
import { ProspectImportModal } from './prospect-import-modal.tsx';
import { ProspectsBoard } from './prospects-board.tsx';
import { ProspectsTable } from './prospects-table.tsx';

type ProspectsManagerProps = {
  canWrite: boolean;
  onOpen: (prospect: ProspectRow) => void;
};

/** The board shows up to this many prospects of the filters, the most recently active first. */
const BOARD_LIMIT = 100;
const IMPORT_PARAM = 'import';

/**
 * /prospects: the list (lead status, status, business developer and wealth advisor filters, search, sort,
 * paging, CSV/XLSX export) or the board by lead status; Add prospect opens the form.
 */
export const ProspectsManager = ({ canWrite, onOpen }: ProspectsManagerProps) => {
  const { state, update } = useProspectsParams();
  const list = usePagedList(state, update, [
    'leadStatus',
    'activityStatus',
    'businessDeveloperId',
    'wealthAdvisorId',
  ]);
  const board = state.view === 'board';
  const prospects = useProspects(
    board
      ? { ...list.query, page: 1, limit: BOARD_LIMIT, sortBy: 'lastActivityDate', order: 'DESC' }
      : list.query,
  );
  const exporting = useExportProspects();
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const [adding, setAdding] = useState(false);
  const [developer, setDeveloper] = useState<PickedUser | null>(null);
  const [advisor, setAdvisor] = useState<PickedUser | null>(null);
  // The import open (`?import=new`, or the id of the import followed, so a reload keeps following it).
  const [params, setParams] = useSearchParams();
  const importing = canWrite ? params.get(IMPORT_PARAM) : null;
  const setImporting = (value: string | null) =>
    setParams((current) => {
      if (value) current.set(IMPORT_PARAM, value);
      else current.delete(IMPORT_PARAM);
      return current;
    });

  const handleExport = (format: ExportFormat) => {
    setPending(format);
    const { page: _page, limit: _limit, ...query } = list.query;
    exporting.mutate(
      { ...query, format },
      { onError: (error) => notifyError(errorMessage(error)), onSettled: () => setPending(null) },
    );
  };

  const filters = (
    <>
      <Select
        aria-label="Lead status"
        placeholder="All lead statuses"
        data={LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))}
        value={state.leadStatus || null}
        onChange={(value) => update({ leadStatus: value ?? '', pageNo: '1' })}
        clearable
        w={170}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        aria-label="Activity status"
        placeholder="All statuses"
        data={PROSPECT_ACTIVITY_STATUSES.map((value) => ({
          value,
          label: PROSPECT_ACTIVITY_STATUS_LABELS[value],
        }))}
        value={state.activityStatus || null}
        onChange={(value) => update({ activityStatus: value ?? '', pageNo: '1' })}
        clearable
        w={150}
        comboboxProps={{ withinPortal: true }}
      />
      <UserPicker
        label="Business developer"
        labelHidden
        placeholder="Business developer"
        value={state.businessDeveloperId ? developer : null}
        onChange={(user) => {
          setDeveloper(user);
          update({ businessDeveloperId: user?.id ?? '', pageNo: '1' });
        }}
        w={190}
      />
      <UserPicker
        label="Wealth advisor"
        labelHidden
        placeholder="Wealth advisor"
        value={state.wealthAdvisorId ? advisor : null}
        onChange={(user) => {
          setAdvisor(user);
          update({ wealthAdvisorId: user?.id ?? '', pageNo: '1' });
        }}
        w={190}
      />
    </>
  );

  return (
    <>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label="View"
          value={state.view}
          onChange={(value) => update({ view: value })}
          data={[
            { value: 'list', label: 'List' },
            { value: 'board', label: 'Board' },
          ]}
        />
        <Group gap="xs">
          {canWrite && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden="true" />}
              onClick={() => setImporting('new')}
            >
              Import
            </Button>
          )}
          {!board && <ExportButtons pending={pending} onExport={handleExport} />}
        </Group>
      </Group>
      <PagedList
        list={list}
        query={prospects}
        searchBox={{ label: 'Search prospects', placeholder: 'Search prospects' }}
        filters={filters}
        noun={['prospect', 'prospects']}
        add={canWrite ? { label: 'Add prospect', onClick: () => setAdding(true) } : undefined}
        loadingLabel="Loading prospects..."
        empty={{
          icon: <IconTargetArrow size={28} aria-hidden="true" />,
          title: 'No prospects yet',
          description: 'The leads your business developers and advisors work appear here.',
        }}
        noMatch={{ title: 'No prospects match these filters', description: 'Try another search or filter.' }}
        unpaged={
          board
            ? `The board shows the ${BOARD_LIMIT} most recently active prospects that match; search or filter to narrow it.`
            : undefined
        }
      >
        {(items) =>
          board ? (
            <ProspectsBoard items={items} canMove={canWrite} onOpen={onOpen} />
          ) : (
            <ProspectsTable items={items} sort={list.sort} onSort={list.handleSort} onOpen={onOpen} />
          )
        }
      </PagedList>
      <ProspectFormModal target={adding ? 'new' : null} onClose={() => setAdding(false)} />
      <ProspectImportModal
        opened={importing !== null}
        jobId={importing && importing !== 'new' ? importing : null}
        onJob={setImporting}
        onClose={() => setImporting(null)}
        canWrite={canWrite}
      />
    </>
  );
};
