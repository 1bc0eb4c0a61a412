import {
  activityAgeOf,
  LEAD_STATUS_LABELS,
  type LeadStatus,
  PROSPECT_ACTIVITY_STATUS_LABELS,
  type ProspectActivityStatus,
} from '@centric/contracts';
import { Badge } from '@mantine/core';

export const LEAD_STATUS_COLORS: Record<LeadStatus, string> = {
  HOT: 'red.9',
  WARM: '#9c3b0b',
  COLD: 'blue.8',
};

export const LeadStatusBadge = ({ status }: { status: LeadStatus }) => (
  <Badge color={LEAD_STATUS_COLORS[status]} variant="filled">
    {LEAD_STATUS_LABELS[status]}
  </Badge>
);

export const ActivityStatusBadge = ({ status }: { status: ProspectActivityStatus }) => (
  <Badge
    color={status === 'ACTIVE' ? 'teal.9' : status === 'CONVERTED' ? 'violet.9' : 'gray.7'}
    variant="light"
  >
    {PROSPECT_ACTIVITY_STATUS_LABELS[status]}
  </Badge>
);

const AGE_COLORS = { fresh: 'green.9', ageing: 'yellow.9', stale: 'red.9', none: 'gray.7' } as const;

/** "Days since last activity", coloured by age: fresh (≤ 7), ageing (< 30), stale (30 and more). */
export const DaysSinceBadge = ({ days }: { days: number | null }) => (
  <Badge color={AGE_COLORS[activityAgeOf(days)]} variant="light" title="Days since last activity">
    {days === null ? 'No activity' : days === 1 ? '1 day' : `${days} days`}
  </Badge>
);
