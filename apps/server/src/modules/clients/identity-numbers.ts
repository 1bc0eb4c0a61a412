import { isValidSsn, isValidTin, type MemberType } from '@centric/contracts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { maskIdentityNumber } from './member-read.ts';

/**
 * Identity numbers (SSN of a person, TIN of a business or trust): sealed with the app's secret box, with
 * only the last four characters kept in clear. Nothing here logs or returns a clear number except `reveal`.
 */

export type StoredIdentity = { sealed: string | null; last4: string | null };

const FULL_SSN = /^(?:\d{3}-\d{2}-\d{4}|\d{9})$/;
const MASKED_SSN = /^(?:[*Xx]{3}-[*Xx]{2}-)?(\d{4})$/;
const MASKED_TIN = /^[*Xx]{5,8}(\d{4})$/;

/** The form a number is stored in: a 9-digit SSN gets its dashes (xxx-xx-xxxx); a TIN stays as typed. */
export const normalizeIdentityNumber = (type: MemberType, value: string): string => {
  const trimmed = value.trim();
  if (type === 'PERSON' && /^\d{9}$/.test(trimmed)) {
    return `${trimmed.slice(0, 3)}-${trimmed.slice(3, 5)}-${trimmed.slice(5)}`;
  }
  return trimmed;
};

/** The last four digits of a (full) identity number. */
export const identityLast4 = (value: string): string => value.replace(/\D/g, '').slice(-4);

/** A number that a member of this type may hold: an SSN for a person, a TIN for a business or trust. */
export const fitsMemberType = (type: MemberType, value: string): boolean => {
  if (type === 'PET') return false;
  if (type === 'PERSON') return FULL_SSN.test(value) && isValidSsn(value);
  return isValidTin(value);
};

/**
 * The last four digits a masked value stands for ('***-**-1234' or '1234' for a person's SSN,
 * '*******1234' for a TIN), or null when the value is not a masked form.
 */
export const maskedLast4 = (type: MemberType, value: string): string | null => {
  const text = value.trim();
  if (type === 'PERSON') return MASKED_SSN.exec(text)?.[1] ?? null;
  if (type === 'TRUST' || type === 'BUSINESS') return MASKED_TIN.exec(text)?.[1] ?? null;
  return null;
};

/** True when the value is the masked form of the stored number (what the member detail shows). */
export const isMaskedEchoOf = (type: MemberType, value: unknown, stored: StoredIdentity): boolean => {
  if (typeof value !== 'string' || stored.sealed === null || stored.last4 === null) return false;
  return maskedLast4(type, value) === stored.last4 || value.trim() === maskIdentityNumber(type, stored.last4);
};

/** Is the value only a masked form (no full number to store)? */
export const isMaskedOnly = (type: MemberType, value: string): boolean =>
  maskedLast4(type, value) !== null && !FULL_SSN.test(value.trim());

export const sealIdentityNumber = (secrets: SecretBox, type: MemberType, value: string): StoredIdentity => {
  const normalized = normalizeIdentityNumber(type, value);
  return { sealed: secrets.seal(normalized), last4: identityLast4(normalized) };
};

/** The clear number (for the audited reveal, and to re-check a number when the member's type changes). */
export const openIdentityNumber = (secrets: SecretBox, sealed: string): string => secrets.open(sealed);
