import { type Sysconfig, sysconfigUpdateSchema } from '@centric/contracts';
import type { Resolver } from 'react-hook-form';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { formatMoney, moneyFromInput } from '../../../lib/money.ts';
import type { SysconfigChanges } from '../api/update-sysconfig.ts';

/** The form as typed: the amount with thousands commas ('100,000.00'), the share as the number input has it. */
export type FirmSettingsValues = {
  ssnMasking: boolean;
  largeWithdrawalAmount: string;
  /** '' while the field is empty. */
  largeWithdrawalPercent: number | string;
};

export const FIRM_SETTINGS_FIELDS = [
  'ssnMasking',
  'largeWithdrawalAmount',
  'largeWithdrawalPercent',
] as const;
type FirmSettingsField = (typeof FIRM_SETTINGS_FIELDS)[number];

const isField = (path: string): path is FirmSettingsField =>
  (FIRM_SETTINGS_FIELDS as readonly string[]).includes(path);

/** An amount in dollars as the field shows it, always with cents: '100000' → '100,000.00'; '' stays ''. */
export const amountForInput = (value: string): string => formatMoney(value).replace(/^\$/, '');

export const firmSettingsValuesOf = (saved: Sysconfig): FirmSettingsValues => ({
  ssnMasking: saved.ssnMasking,
  largeWithdrawalAmount: amountForInput(saved.largeWithdrawalAmount),
  largeWithdrawalPercent: saved.largeWithdrawalPercent,
});

/** The body every field stands for (an empty share is not a number, which the contract refuses). */
const bodyOf = (values: FirmSettingsValues) => ({
  ssnMasking: values.ssnMasking,
  largeWithdrawalAmount: moneyFromInput(values.largeWithdrawalAmount),
  largeWithdrawalPercent:
    values.largeWithdrawalPercent === '' ? Number.NaN : Number(values.largeWithdrawalPercent),
});

/** Which settings differ from the saved ones (an amount by its value: '100,000' is '100000.00'). */
export const changedFields = (values: FirmSettingsValues, saved: Sysconfig): FirmSettingsField[] => {
  const body = bodyOf(values);
  return FIRM_SETTINGS_FIELDS.filter((field) =>
    field === 'largeWithdrawalAmount'
      ? formatMoney(body.largeWithdrawalAmount) !== formatMoney(saved.largeWithdrawalAmount)
      : body[field] !== saved[field],
  );
};

/** The changed settings as PUT /api/sysconfig takes them (checked by the contract). */
export const sysconfigChangesOf = (values: FirmSettingsValues, saved: Sysconfig): SysconfigChanges => {
  const body = sysconfigUpdateSchema.parse(bodyOf(values));
  const changed = changedFields(values, saved);
  return Object.fromEntries(
    Object.entries(body).filter(([key]) => (changed as string[]).includes(key)),
  ) as SysconfigChanges;
};

/** The contract checks the form, with the server's messages verbatim. */
export const firmSettingsResolver: Resolver<FirmSettingsValues> = (values) => {
  const parsed = sysconfigUpdateSchema.safeParse(bodyOf(values));
  if (parsed.success) return { values, errors: {} };
  return {
    values: {},
    errors: contractFieldErrors<FirmSettingsValues>(parsed.error.issues, (path) =>
      isField(path) ? path : undefined,
    ),
  };
};
