import {
  type Account,
  ACCOUNT_STATUS_LABELS,
  type AccountStatus,
  REVIEW_STATUS_LABELS,
  type ReviewStatus,
} from '@centric/contracts';
import { Badge } from '@mantine/core';

/** A badge in a narrow table cell keeps its whole label: the column widens instead of cutting it. */
export const WHOLE_LABEL = { root: { flex: 'none' }, label: { overflow: 'visible' } } as const;

const STATUS_COLORS: Record<AccountStatus, string> = { OPEN: 'green', CLOSED: 'gray' };

/** Open (green) or Closed (grey). */
export const AccountStatusBadge = ({ status }: { status: AccountStatus }) => (
  <Badge variant="light" color={STATUS_COLORS[status]} c="dark.7" size="sm" styles={WHOLE_LABEL}>
    {ACCOUNT_STATUS_LABELS[status]}
  </Badge>
);

/** The household page's colours of the review statuses. */
const REVIEW_COLORS: Record<ReviewStatus, string> = {
  NEEDS_REVIEW: 'orange',
  REVIEW_DONE: 'green',
  READY: 'blue',
  ADVANCE_REVIEW: 'violet',
};

/** The account's bookkeeping review status ('Needs review' …); its reasons are shown beside it. */
export const ReviewStatusBadge = ({ account }: { account: Pick<Account, 'reviewStatus'> }) => (
  <Badge variant="dot" color={REVIEW_COLORS[account.reviewStatus]} c="dark.7" size="sm" styles={WHOLE_LABEL}>
    {REVIEW_STATUS_LABELS[account.reviewStatus]}
  </Badge>
);
