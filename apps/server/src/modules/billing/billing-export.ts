import {
  BILLING_FREQUENCY_LABELS,
  BILLING_STATUS_LABELS,
  BILLING_TIMING_LABELS,
  type BillingHouseholdRow,
  PAY_METHOD_LABELS,
  usDate,
} from '@centric/contracts';
import type { XlsxColumn } from '../../platform/xlsx.ts';
import type { BillingAccountRow } from './billing-setup.repository.ts';

/** The billing lists as files: the same columns in CSV and XLSX. */

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export const unitLabel = (unitId: number) => `U-${String(unitId).padStart(5, '0')}`;

export const BILLING_HOUSEHOLD_EXPORT_COLUMNS: readonly XlsxColumn<BillingHouseholdRow>[] = [
  { header: 'Unit', width: 10, value: (r) => unitLabel(r.unitId) },
  { header: 'Household', width: 36, value: (r) => r.name },
  { header: 'Household status', width: 16, value: (r) => r.householdStatus },
  { header: 'Wealth Advisor 1', width: 24, value: (r) => r.wealthAdvisor?.fullName ?? null },
  { header: 'Accounts', width: 10, value: (r) => r.accounts },
  { header: 'Open accounts', width: 14, value: (r) => r.openAccounts },
  { header: 'Billing status', width: 20, value: (r) => BILLING_STATUS_LABELS[r.billingStatus] },
  { header: 'Blocked from billing', width: 20, value: (r) => yesNo(r.blocked) },
  { header: 'Missing fee schedule', width: 20, value: (r) => yesNo(r.missingFeeSchedule) },
  { header: 'Missing payout blocks', width: 21, value: (r) => yesNo(r.missingPayoutBlocks) },
  { header: 'Billed for the period', width: 21, value: (r) => yesNo(r.billed) },
  { header: 'Reasons', width: 80, value: (r) => r.reasons.map((reason) => reason.message).join(' ') },
];

export const BILLING_ACCOUNT_EXPORT_COLUMNS: readonly XlsxColumn<BillingAccountRow>[] = [
  { header: 'Registration name', width: 36, value: (r) => r.registrationName },
  { header: 'Household', width: 30, value: (r) => r.household },
  { header: 'Unit', width: 10, value: (r) => unitLabel(r.unitId) },
  { header: 'Custodian', width: 18, value: (r) => r.custodian },
  { header: 'Custodian number', width: 18, value: (r) => r.custodianNumber },
  { header: 'Status', width: 10, value: (r) => r.status },
  { header: 'Fee schedule', width: 30, value: (r) => r.feeSchedule?.name ?? null },
  { header: 'Pay method', width: 20, value: (r) => PAY_METHOD_LABELS[r.payMethod] },
  { header: 'Frequency', width: 12, value: (r) => BILLING_FREQUENCY_LABELS[r.frequency] },
  { header: 'Timing', width: 10, value: (r) => BILLING_TIMING_LABELS[r.timing] },
  {
    header: 'Billing start',
    width: 13,
    value: (r) => (r.startDate ? new Date(`${r.startDate}T00:00:00Z`) : null),
    text: (r) => (r.startDate ? usDate(r.startDate) : ''),
    numFmt: 'mm/dd/yyyy',
  },
  { header: 'Fee paid by', width: 36, value: (r) => r.feePayingAccount?.registrationName ?? null },
];
