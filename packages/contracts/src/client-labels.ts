import type { ClientStatus, MemberSubType, MemberType, ReviewStatus } from './clients.ts';

/** Display names of the household and member enumerations, for every screen that shows them. */
export const CLIENT_STATUS_LABELS: Readonly<Record<ClientStatus, string>> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  CONVERTED: 'Converted',
};

export const REVIEW_STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  NEEDS_REVIEW: 'Needs review',
  REVIEW_DONE: 'Review done',
  READY: 'Ready',
  ADVANCE_REVIEW: 'Advance review',
};

export const MEMBER_TYPE_LABELS: Readonly<Record<MemberType, string>> = {
  PERSON: 'Person',
  PET: 'Pet',
  TRUST: 'Trust',
  BUSINESS: 'Business',
};

export const MEMBER_SUBTYPE_LABELS: Readonly<Record<MemberSubType, string>> = {
  PRIMARY: 'Primary',
  SECONDARY: 'Secondary',
  SPOUSE: 'Spouse',
  PARTNER: 'Partner',
  CHILD_OF_PRIMARY: 'Child of primary',
  CHILD_OF_SECONDARY: 'Child of secondary',
  CHILD_OF_BOTH: 'Child of both',
};
