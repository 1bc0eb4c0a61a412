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
    color={status === 'ACTIVE' ? 'teal' : status === 'CONVERTED' ? 'violet' : 'gray'}
    variant="light"
    c="dark.7"
  >
    {PROSPECT_ACTIVITY_STATUS_LABELS[status]}
  </Badge>
);

const AGE_COLORS = { fresh: 'green', ageing: 'yellow', stale: 'red', none: 'gray' } as const;

/**
 * "Days since last activity", coloured by age: fresh (≤ 7), ageing (< 30), stale (30 and more); grey once the
 * prospect is converted (its days no longer lapse: it is a household now).
 */
export const DaysSinceBadge = ({ days, converted = false }: { days: number | null; converted?: boolean }) => (
  <Badge
    color={converted ? 'gray' : AGE_COLORS[activityAgeOf(days)]}
    variant="light"
    c="dark.7"
    title="Days since last activity"
  >
    {days === null ? 'No activity' : days === 1 ? '1 day' : `${days} days`}
  </Badge>
);
