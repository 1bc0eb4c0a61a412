import type { Strategy } from '@centric/contracts';
import { IconTargetArrow } from '@tabler/icons-react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import { useRecordActions } from '../../../lib/use-record-actions.ts';
import { useDeleteStrategy } from '../api/delete-strategy.ts';
import { useStrategies } from '../api/list-strategies.ts';
import { useStrategiesParams } from '../hooks/use-bookkeeping-params.ts';
import { StrategyFormModal } from './strategy-form-modal.tsx';
import { type StrategyRights, StrategiesTable } from './strategies-table.tsx';

/** The firm's strategies: search, sort by name or risk, add, edit, delete (refused while accounts follow one). */
export const StrategiesManager = ({ rights }: { rights: StrategyRights }) => {
  const { state, update } = useStrategiesParams();
  const list = usePagedList(state, update);
  const strategies = useStrategies(list.query);
  const remove = useDeleteStrategy();
  // A refused delete (409: accounts follow it) is the server's message as a toast; the confirmation stays.
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } =
    useRecordActions<Strategy>(remove);

  return (
    <>
      <PagedList
        list={list}
        query={strategies}
        searchBox={{ label: 'Search strategies', placeholder: 'Name or description' }}
        noun={['strategy', 'strategies']}
        add={rights.canWrite ? { label: 'Add strategy', onClick: () => setEditing('new') } : undefined}
        loadingLabel="Loading strategies..."
        empty={{
          icon: <IconTargetArrow size={28} aria-hidden="true" />,
          title: 'No strategies yet',
          description:
            'A strategy sets target weights by asset category or product, with the drift allowed around each.',
        }}
        noMatch={{ title: 'No strategies match', description: 'Try another name, or clear the search.' }}
      >
        {(items) => (
          <StrategiesTable
            items={items}
            sort={list.sort}
            onSort={list.handleSort}
            rights={rights}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </PagedList>
      <StrategyFormModal target={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={deletePending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        Delete the strategy {deleting?.name}? This cannot be undone.
        {deleting && deleting.accountCount > 0
          ? ` ${deleting.accountCount} ${deleting.accountCount === 1 ? 'account follows' : 'accounts follow'} it: remove it from their households' assignments first.`
          : ''}
      </ConfirmDeleteModal>
    </>
  );
};
