import { USER_MESSAGES, type UserListItem, type UserSortKey } from '@centric/contracts';
import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconDownload, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { sortAfterClick } from '../../../components/sortable-th.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDebouncedSearch } from '../../../lib/use-debounced-search.ts';
import { pagingQueryOf } from '../../../lib/use-url-list-state.ts';
import { useExportUsers } from '../api/export-users.ts';
import { useUsers } from '../api/get-users.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useResetUserMfa } from '../api/reset-user-mfa.ts';
import { useSetUserActive } from '../api/set-user-active.ts';
import {
  type StatusFilter,
  type UsersListState,
  statusOfFilter,
  type useUsersListParams,
} from '../hooks/use-users-list-params.ts';
import { AddUserModal } from './add-user-modal.tsx';
import { EditUserModal } from './edit-user-modal.tsx';
import { failureMessage } from './failure-message.ts';
import { type UserAction, type UserActionRights, UsersTable } from './users-table.tsx';

type UsersManagerProps = {
  state: UsersListState;
  update: ReturnType<typeof useUsersListParams>['update'];
  rights: UserActionRights;
};

type Pending = { action: Exclude<UserAction, 'edit' | 'resendInvitation'>; user: UserListItem } | null;

/** The Manage users tab: search, status filter, sortable columns, paging, export, add, and row actions. */
export const UsersManager = ({ state, update, rights }: UsersManagerProps) => {
  const [search, setSearch] = useDebouncedSearch(state.search, (text) =>
    update({ search: text, pageNo: '1' }, { replace: true }),
  );
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const query = {
    ...pagingQueryOf(state),
    q: state.search || undefined,
    status: statusOfFilter(state.select),
  };
  const users = useUsers(query);
  const exportCsv = useExportUsers();
  const setActive = useSetUserActive();
  const resetMfa = useResetUserMfa();
  const resend = useResendInvitation();

  const handleSort = (column: UserSortKey) =>
    update((current) => ({ ...sortAfterClick(current, column), pageNo: '1' }));

  const handleAction = (action: UserAction, user: UserListItem) => {
    if (action === 'edit') setEditing(user);
    else if (action === 'resendInvitation')
      resend.mutate(user.id, {
        onSuccess: ({ message }) => notifySuccess(message || USER_MESSAGES.invitationSent),
        onError: (error) => notifyError(failureMessage(error)),
      });
    else setPending({ action, user });
  };

  const handleConfirm = () => {
    if (!pending) return;
    const done = {
      onSettled: () => setPending(null),
      onError: (error: unknown) => notifyError(failureMessage(error)),
    };
    if (pending.action === 'resetMfa') {
      resetMfa.mutate(pending.user.id, {
        ...done,
        onSuccess: () => notifySuccess(`MFA has been reset for ${pending.user.fullName}.`),
      });
    } else {
      setActive.mutate(
        { id: pending.user.id, active: pending.action === 'reactivate' },
        { ...done, onSuccess: ({ message }) => notifySuccess(message) },
      );
    }
  };

  const handleExport = () =>
    exportCsv.mutate(
      {
        sortBy: state.sortBy,
        order: state.order,
        q: state.search || undefined,
        status: statusOfFilter(state.select),
      },
      { onError: (error) => notifyError(errorMessage(error)) },
    );

  const total = users.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <SearchBox
            label="Search users"
            placeholder="Search by name or email"
            value={search}
            onChange={setSearch}
            maxLength={255}
          />
          <SegmentedControl
            aria-label="Status"
            value={state.select}
            onChange={(value) => update({ select: value as StatusFilter, pageNo: '1' })}
            data={[
              { value: 'ACTIVE', label: 'Active' },
              { value: 'INACTIVE', label: 'Inactive' },
              { value: 'ALL', label: 'All' },
            ]}
          />
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={handleExport}
            loading={exportCsv.isPending}
            disabled={total === 0}
          >
            Export CSV
          </Button>
          {rights.canWrite && (
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden="true" />}
              onClick={() => setAdding(true)}
            >
              Add user
            </Button>
          )}
        </Group>
      </Group>

      <ListPanel
        query={users}
        loadingLabel="Loading users..."
        isEmpty={users.data?.items.length === 0}
        empty={{
          icon: <IconUsers size={28} aria-hidden="true" />,
          title: 'No users found',
          description: state.search
            ? 'No user matches this search. Try another name or email.'
            : 'There are no users with this status.',
        }}
      >
        {users.data && (
          <UsersTable
            users={users.data.items}
            sortBy={state.sortBy}
            order={state.order}
            onSort={handleSort}
            rights={rights}
            onAction={handleAction}
          />
        )}
      </ListPanel>

      <ListFooter page={state.page} limit={state.limit} total={total} onChange={update} />

      <AddUserModal opened={adding} onClose={() => setAdding(false)} />
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={pending !== null}
        danger={pending?.action !== 'reactivate'}
        loading={setActive.isPending || resetMfa.isPending}
        confirmLabel={
          pending?.action === 'resetMfa'
            ? 'Reset MFA'
            : pending?.action === 'reactivate'
              ? 'Reactivate'
              : 'Deactivate'
        }
        onConfirm={handleConfirm}
        onClose={() => setPending(null)}
      >
        {pending?.action === 'deactivate' &&
          `Deactivate ${pending.user.fullName}? They are signed out everywhere at once and can no longer sign in.`}
        {pending?.action === 'reactivate' && `Reactivate ${pending.user.fullName}? They can sign in again.`}
        {pending?.action === 'resetMfa' &&
          `Reset MFA for ${pending.user.fullName}? Their authenticator is removed, their sessions end, and they set up MFA again at their next sign-in.`}
      </ConfirmModal>
    </Stack>
  );
};
