import {
  BILLING_STATUS_LABELS,
  CLIENT_STATUS_LABELS,
  CLIENT_STATUSES,
  type ClientStatus,
  type UnitReadiness,
} from '@centric/contracts';

export type UnitStatusDisplay = { label: string; color: string };

/**
 * The unit's billing status as its badge shows it: Blocked (a reason stops its bill: runs skip it), Requires
 * attention (still billed), or Ready to bill.
 */
export const billingStatusDisplayOf = (
  readiness: Pick<UnitReadiness, 'billingStatus' | 'blocked'>,
): UnitStatusDisplay => {
  if (readiness.blocked) return { label: 'Blocked', color: 'red' };
  if (readiness.billingStatus === 'REQUIRES_ATTENTION')
    return { label: BILLING_STATUS_LABELS.REQUIRES_ATTENTION, color: 'orange' };
  return { label: BILLING_STATUS_LABELS.READY, color: 'green' };
};

const HOUSEHOLD_STATUS_COLORS: Readonly<Record<ClientStatus, string>> = {
  ACTIVE: 'green',
  INACTIVE: 'gray',
  CONVERTED: 'blue',
};

const isClientStatus = (value: string): value is ClientStatus =>
  (CLIENT_STATUSES as readonly string[]).includes(value);

/** The household's own status (Active, Inactive …); an unknown value is shown as it is. */
export const householdStatusDisplayOf = (status: string): UnitStatusDisplay =>
  isClientStatus(status)
    ? { label: CLIENT_STATUS_LABELS[status], color: HOUSEHOLD_STATUS_COLORS[status] }
    : { label: status, color: 'gray' };
