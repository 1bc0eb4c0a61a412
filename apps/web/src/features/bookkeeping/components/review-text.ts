import {
  REVIEW_REASON_LABELS,
  REVIEW_STATUS_LABELS,
  type ReviewAction,
  type ReviewReason,
  REVIEW_TRANSITIONS,
} from '@centric/contracts';
import { formatDate } from '../../../lib/format.ts';
import type { ReviewView } from '../hooks/use-bookkeeping-params.ts';

/** The queue's views, as the status control names them. */
export const REVIEW_VIEW_LABELS: Readonly<Record<ReviewView, string>> = {
  NEEDS_REVIEW: REVIEW_STATUS_LABELS.NEEDS_REVIEW,
  SNOOZED: 'Snoozed',
  ADVANCE_REVIEW: REVIEW_STATUS_LABELS.ADVANCE_REVIEW,
  REVIEW_DONE: REVIEW_STATUS_LABELS.REVIEW_DONE,
  READY: REVIEW_STATUS_LABELS.READY,
};

/** What each view's empty state says. */
export const REVIEW_EMPTY: Readonly<Record<ReviewView, { title: string; description: string }>> = {
  NEEDS_REVIEW: {
    title: 'No accounts need review',
    description:
      'Accounts appear here when a data check finds something to look at: no holdings, a zero value, unpriced holdings or a transaction with no product.',
  },
  SNOOZED: {
    title: 'No snoozed reviews',
    description: 'A review snoozed until a later date waits here, and is back in Needs review on that date.',
  },
  ADVANCE_REVIEW: {
    title: 'No accounts in advance review',
    description: 'Accounts sent to advance review wait here for a second look.',
  },
  REVIEW_DONE: {
    title: 'No reviews done yet',
    description: 'Accounts whose review is done wait here to be marked ready.',
  },
  READY: {
    title: 'No accounts ready',
    description: 'Accounts marked ready after their review appear here.',
  },
};

/** The actions a view's accounts can take, in the bar's order (a snoozed review still needs review). */
export const actionsOf = (view: ReviewView): ReviewAction[] => {
  const status = view === 'SNOOZED' ? 'NEEDS_REVIEW' : view;
  return (['REVIEW_DONE', 'SNOOZE', 'ESCALATE', 'READY'] as const).filter((action) =>
    REVIEW_TRANSITIONS[action].from.includes(status),
  );
};

/** A stored reason's label ('Holdings not priced for the period'); an unknown one as it is. */
export const reasonLabel = (reason: string): string => REVIEW_REASON_LABELS[reason as ReviewReason] ?? reason;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * The toast after an action: '3 accounts marked done; 1 left as it was.' (an account whose status the
 * action does not start from is left as it is).
 */
export const reviewOutcome = (
  action: ReviewAction,
  { changed, unchanged }: { changed: number; unchanged: number },
  snoozeUntil?: string,
): string => {
  const done = {
    REVIEW_DONE: 'marked done',
    SNOOZE: `snoozed until ${formatDate(snoozeUntil ?? '')}`,
    ESCALATE: 'sent to advance review',
    READY: 'marked ready',
  }[action];
  const moved = changed === 0 ? 'No account changed' : `${plural(changed, 'account', 'accounts')} ${done}`;
  const left =
    unchanged === 0
      ? ''
      : `; ${unchanged.toLocaleString('en-US')} left as ${unchanged === 1 ? 'it was' : 'they were'}`;
  return `${moved}${left}.`;
};
