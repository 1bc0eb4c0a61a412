import { REVIEW_ACTION_LABELS, type ReviewAction, type ReviewQueueItem } from '@centric/contracts';
import { Button, CloseButton, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconClipboardCheck, IconTarget } from '@tabler/icons-react';
import { useState } from 'react';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import { ReviewSnoozeModal, type ReviewSnoozeValues } from '../../../components/review-snooze-modal.tsx';
import { UserPicker } from '../../../components/user-picker.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { useReviewQueue } from '../api/get-review-queue.ts';
import { useReviewAction } from '../api/review-action.ts';
import { REVIEW_VIEWS, useReviewParams } from '../hooks/use-bookkeeping-params.ts';
import { REVIEW_ACTION_ICONS, ReviewTable } from './review-table.tsx';
import { REVIEW_EMPTY, REVIEW_VIEW_LABELS, actionsOf, reviewOutcome } from './review-text.ts';
import { useStrategize } from '../api/strategize.ts';
import { StrategizeModal } from './strategize-modal.tsx';

const VIEW_OPTIONS = REVIEW_VIEWS.map((value) => ({ value, label: REVIEW_VIEW_LABELS[value] }));

/** The bulk bar's labels: Snooze asks for a date first. */
const BULK_LABELS: Readonly<Record<ReviewAction, string>> = { ...REVIEW_ACTION_LABELS, SNOOZE: 'Snooze…' };

type ReviewQueueProps = { canWrite: boolean };

/**
 * The bookkeeping review queue: accounts by review status, filtered by Wealth Advisor, custodian and a search;
 * the accounts of a page chosen with checkboxes for a bulk action, or one row's own action.
 */
export const ReviewQueue = ({ canWrite }: ReviewQueueProps) => {
  const { state, update } = useReviewParams();
  const list = usePagedList(state, update, ['advisorId', 'custodian']);
  const queue = useReviewQueue({ ...list.query, status: state.status });
  const act = useReviewAction();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [snoozing, setSnoozing] = useState<readonly ReviewQueueItem[] | null>(null);
  const [strategizing, setStrategizing] = useState<readonly ReviewQueueItem[] | null>(null);
  const assign = useStrategize();

  const actions = canWrite ? actionsOf(state.status) : [];
  const items = queue.data?.items ?? [];
  // Only what the page shows stays chosen (another page, filter or status shows other accounts).
  const chosen = items.filter((item) => selected.has(item.accountId));

  const handleSelect = (ids: readonly string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const handleView = (value: string) => {
    setSelected(new Set());
    update({ status: value, pageNo: '1' });
  };

  const send = (action: ReviewAction, targets: readonly ReviewQueueItem[], snooze?: ReviewSnoozeValues) =>
    act.mutateAsync(
      {
        action,
        accountIds: targets.map((item) => item.accountId),
        snoozeUntil: snooze?.snoozeUntil,
        note: snooze?.note || undefined,
      },
      {
        onSuccess: (result) => {
          const text = reviewOutcome(action, result, snooze?.snoozeUntil);
          if (result.changed > 0) notifySuccess(text);
          else notifyInfo(text);
          setSelected((current) => {
            const next = new Set(current);
            for (const item of targets) next.delete(item.accountId);
            return next;
          });
        },
      },
    );

  const handleAction = (action: ReviewAction, targets: readonly ReviewQueueItem[]) => {
    if (action === 'SNOOZE') {
      setSnoozing(targets);
      return;
    }
    send(action, targets).catch((error: unknown) => notifyError(errorMessage(error)));
  };

  const handleSnooze = async (values: ReviewSnoozeValues) => {
    if (!snoozing) return;
    await send('SNOOZE', snoozing, values);
    setSnoozing(null);
  };

  const handleStrategize = async (strategyId: string) => {
    if (!strategizing) return;
    const result = await assign.mutateAsync({
      accountIds: strategizing.map((item) => item.accountId),
      strategyId,
    });
    if (result.changed > 0) notifySuccess(result.message);
    else notifyInfo('These accounts already follow this strategy.');
    setSelected(new Set());
  };

  const empty = REVIEW_EMPTY[state.status];
  const custodians = queue.data?.custodians ?? [];
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Review status"
        data={VIEW_OPTIONS.map((option) => {
          const count = queue.data?.counts[option.value];
          return count === undefined ? option : { ...option, label: `${option.label} (${count})` };
        })}
        value={state.status}
        onChange={handleView}
        style={{ alignSelf: 'flex-start' }}
      />
      <PagedList
        list={list}
        query={queue}
        searchBox={{ label: 'Search accounts', placeholder: 'Account or household' }}
        filters={
          <>
            <UserPicker
              label="Wealth advisor"
              labelHidden
              placeholder="All wealth advisors"
              w={220}
              value={
                state.advisorId
                  ? {
                      id: state.advisorId,
                      fullName: state.advisorName || 'Chosen advisor',
                      profileImageUrl: null,
                    }
                  : null
              }
              onChange={(user) =>
                update({ advisorId: user?.id ?? '', advisorName: user?.fullName ?? '', pageNo: '1' })
              }
            />
            <Select
              aria-label="Custodian"
              placeholder="All custodians"
              data={
                state.custodian && !custodians.includes(state.custodian)
                  ? [state.custodian, ...custodians]
                  : custodians
              }
              value={state.custodian || null}
              onChange={(value) => update({ custodian: value ?? '', pageNo: '1' })}
              clearable
              searchable
              w={190}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        }
        noun={['account', 'accounts']}
        loadingLabel="Loading the review queue..."
        empty={{ icon: <IconClipboardCheck size={28} aria-hidden="true" />, ...empty }}
        noMatch={{
          title: 'No accounts match',
          description: 'Try another account or household name, or clear the filters.',
        }}
      >
        {(page) => (
          <>
            {chosen.length > 0 && (
              <BulkBar
                count={chosen.length}
                actions={actions}
                pending={act.isPending ? act.variables?.action : undefined}
                onAction={(action) => handleAction(action, chosen)}
                onStrategize={canWrite ? () => setStrategizing(chosen) : undefined}
                onClear={() => setSelected(new Set())}
              />
            )}
            <ReviewTable
              view={state.status}
              items={page}
              sort={list.sort}
              onSort={list.handleSort}
              selected={selected}
              onSelect={handleSelect}
              actions={actions}
              onAction={handleAction}
            />
          </>
        )}
      </PagedList>
      <ReviewSnoozeModal accounts={snoozing} onClose={() => setSnoozing(null)} onSnooze={handleSnooze} />
      <StrategizeModal
        accounts={strategizing}
        onClose={() => setStrategizing(null)}
        onAssign={handleStrategize}
      />
    </Stack>
  );
};

type BulkBarProps = {
  count: number;
  actions: readonly ReviewAction[];
  /** The action on its way, if any. */
  pending: ReviewAction | undefined;
  onAction: (action: ReviewAction) => void;
  /** Assign a strategy to the chosen accounts (bookkeeping-strategization), for those who may write. */
  onStrategize?: (() => void) | undefined;
  onClear: () => void;
};

/** Above the table while accounts are chosen: how many, the view's actions, and clearing the choice. */
const BulkBar = ({ count, actions, pending, onAction, onStrategize, onClear }: BulkBarProps) => (
  <Paper
    radius={0}
    px="md"
    py="xs"
    bg="var(--mantine-primary-color-light)"
    role="toolbar"
    aria-label="Actions on the chosen accounts"
  >
    <Group justify="space-between" gap="sm">
      <Group gap={6}>
        <CloseButton size="sm" aria-label="Clear the selection" onClick={onClear} />
        <Text size="sm" fw={600} role="status">
          {count} {count === 1 ? 'account' : 'accounts'} selected
        </Text>
      </Group>
      <Group gap="xs">
        {actions.map((action) => {
          const ActionIcon = REVIEW_ACTION_ICONS[action];
          return (
            <Button
              key={action}
              size="xs"
              variant={action === actions[0] ? 'filled' : 'default'}
              leftSection={<ActionIcon size={14} aria-hidden="true" />}
              loading={pending === action}
              disabled={pending !== undefined && pending !== action}
              onClick={() => onAction(action)}
            >
              {BULK_LABELS[action]}
            </Button>
          );
        })}
        {onStrategize && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTarget size={14} aria-hidden="true" />}
            disabled={pending !== undefined}
            onClick={onStrategize}
          >
            Assign strategy…
          </Button>
        )}
      </Group>
    </Group>
  </Paper>
);
