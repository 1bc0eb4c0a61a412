import {
  type Account,
  REVIEW_ACTION_LABELS,
  REVIEW_ACTIONS,
  REVIEW_REASON_LABELS,
  REVIEW_TRANSITIONS,
  type ReviewAction,
  type ReviewReason,
  type ReviewStatus,
} from '@centric/contracts';
import { ActionIcon, Button, Group, List, Menu, Stack, Text, Tooltip } from '@mantine/core';
import {
  type Icon,
  IconAlarmSnooze,
  IconArrowUpRight,
  IconChecklist,
  IconCircleCheck,
  IconRosetteDiscountCheck,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ReviewSnoozeModal } from '../../../components/review-snooze-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useReviewAction } from '../api/review-action.ts';
import { dateOrDash } from './figures.ts';

/** What a review action needs of an account. */
export type ReviewedAccount = Pick<
  Account,
  'id' | 'registrationName' | 'reviewStatus' | 'reviewReasons' | 'reviewSnoozedUntil'
>;

/** The actions the account's review status allows (REVIEW_TRANSITIONS), in the contract's order. */
export const allowedReviewActions = (status: ReviewStatus): ReviewAction[] =>
  REVIEW_ACTIONS.filter((action) => REVIEW_TRANSITIONS[action].from.includes(status));

/** A stored reason's label ('Holdings not priced for the period'); an unknown one as it is. */
export const reviewReasonLabel = (reason: string) => REVIEW_REASON_LABELS[reason as ReviewReason] ?? reason;

/** The snooze date while it is still ahead (a past one no longer holds the review back). */
export const activeSnooze = (account: Pick<Account, 'reviewStatus' | 'reviewSnoozedUntil'>, today: string) =>
  account.reviewStatus === 'NEEDS_REVIEW' && account.reviewSnoozedUntil && account.reviewSnoozedUntil > today
    ? account.reviewSnoozedUntil
    : null;

const ACTION_ICONS: Record<ReviewAction, Icon> = {
  REVIEW_DONE: IconCircleCheck,
  SNOOZE: IconAlarmSnooze,
  ESCALATE: IconArrowUpRight,
  READY: IconRosetteDiscountCheck,
};

/** A menu's or a button's label: the snooze asks for its date first ('Snooze…'). */
const actionLabel = (action: ReviewAction) =>
  action === 'SNOOZE' ? `${REVIEW_ACTION_LABELS.SNOOZE}…` : REVIEW_ACTION_LABELS[action];

/**
 * The review actions of the tab: each runs at once (its message as a toast) except the snooze, which opens
 * its form first. The server posts a system note on the household for "review done" and "snooze".
 */
export const useReviewActions = (clientId: string) => {
  const mutation = useReviewAction(clientId);
  const [snoozing, setSnoozing] = useState<ReviewedAccount | null>(null);

  const run = (account: ReviewedAccount, action: ReviewAction) => {
    if (action === 'SNOOZE') {
      setSnoozing(account);
      return;
    }
    mutation.mutate(
      { action, accountIds: [account.id] },
      {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  const snoozeModal = (
    <ReviewSnoozeModal
      accounts={snoozing ? [snoozing] : null}
      onClose={() => setSnoozing(null)}
      onSnooze={async ({ snoozeUntil, note }) => {
        if (!snoozing) return;
        const { message } = await mutation.mutateAsync({
          action: 'SNOOZE',
          accountIds: [snoozing.id],
          snoozeUntil,
          note: note || null,
        });
        notifySuccess(message);
        setSnoozing(null);
      }}
    />
  );

  return { run, pending: mutation.isPending, snoozeModal };
};

export type RunReviewAction = (account: ReviewedAccount, action: ReviewAction) => void;

/** The reasons the data checks found, as a short list (none: nothing). */
export const ReviewReasons = ({ reasons }: { reasons: readonly string[] }) =>
  reasons.length === 0 ? null : (
    <List size="xs" c="dimmed" spacing={0} withPadding={false} listStyleType="none">
      {reasons.map((reason) => (
        <List.Item key={reason}>{reviewReasonLabel(reason)}</List.Item>
      ))}
    </List>
  );

/** A table row's review actions: a menu of those the status allows (none: no menu). */
export const ReviewActionsMenu = ({
  account,
  onAction,
  disabled,
}: {
  account: ReviewedAccount;
  onAction: RunReviewAction;
  disabled?: boolean;
}) => {
  const actions = allowedReviewActions(account.reviewStatus);
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Tooltip label="Review">
          <ActionIcon variant="subtle" aria-label={`Review ${account.registrationName}`} disabled={disabled}>
            <IconChecklist size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Bookkeeping review</Menu.Label>
        {actions.map((action) => {
          const Glyph = ACTION_ICONS[action];
          return (
            <Menu.Item
              key={action}
              leftSection={<Glyph size={16} aria-hidden="true" />}
              onClick={() => onAction(account, action)}
            >
              {actionLabel(action)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
};

/**
 * The drawer's bookkeeping review: the status's reasons, the snooze while it holds, and a button for each
 * action the status allows (for users who may write).
 */
export const ReviewPanel = ({
  account,
  today,
  canWrite,
  pending,
  onAction,
}: {
  account: ReviewedAccount;
  today: string;
  canWrite: boolean;
  pending: boolean;
  onAction: RunReviewAction;
}) => {
  const snoozed = activeSnooze(account, today);
  const actions = canWrite ? allowedReviewActions(account.reviewStatus) : [];
  return (
    <Stack gap="xs">
      {account.reviewReasons.length > 0 ? (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            What the checks found
          </Text>
          <List size="sm" spacing={2}>
            {account.reviewReasons.map((reason) => (
              <List.Item key={reason}>{reviewReasonLabel(reason)}</List.Item>
            ))}
          </List>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          The data checks found nothing to look at.
        </Text>
      )}
      {snoozed && (
        <Text size="sm" c="dimmed">
          Snoozed until {dateOrDash(snoozed)}: out of the review queue until then.
        </Text>
      )}
      {actions.length > 0 && (
        <Group gap="xs" mt={4}>
          {actions.map((action) => {
            const Glyph = ACTION_ICONS[action];
            return (
              <Button
                key={action}
                size="xs"
                variant={action === 'REVIEW_DONE' || action === 'READY' ? 'filled' : 'default'}
                leftSection={<Glyph size={14} aria-hidden="true" />}
                disabled={pending}
                onClick={() => onAction(account, action)}
              >
                {actionLabel(action)}
              </Button>
            );
          })}
        </Group>
      )}
    </Stack>
  );
};
