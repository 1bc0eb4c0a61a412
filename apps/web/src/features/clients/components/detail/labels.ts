import type {
  ClientStatus,
  InfluencerTier,
  MemberSubType,
  MemberType,
  ReviewStatus,
} from '@centric/contracts';

/** Display names of the household and member enumerations on the detail page. */
export const CLIENT_STATUS_LABELS: Readonly<Record<ClientStatus, string>> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  CONVERTED: 'Converted',
};

export const CLIENT_STATUS_COLORS: Readonly<Record<ClientStatus, string>> = {
  ACTIVE: 'green',
  INACTIVE: 'gray',
  CONVERTED: 'blue',
};

export const REVIEW_STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  NEEDS_REVIEW: 'Needs review',
  REVIEW_DONE: 'Review done',
  READY: 'Ready',
  ADVANCE_REVIEW: 'Advance review',
};

export const REVIEW_STATUS_COLORS: Readonly<Record<ReviewStatus, string>> = {
  NEEDS_REVIEW: 'orange',
  REVIEW_DONE: 'green',
  READY: 'blue',
  ADVANCE_REVIEW: 'violet',
};

export const INFLUENCER_TIER_COLORS: Readonly<Record<InfluencerTier, string>> = {
  GOLD: 'yellow',
  SILVER: 'gray',
  BRONZE: 'orange',
  NO_STATUS: 'gray',
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

/** "Person · Primary", or just "Trust" for a member without a subtype. */
export const memberKindLabel = (member: { type: MemberType; subType: MemberSubType | null }): string =>
  member.subType
    ? `${MEMBER_TYPE_LABELS[member.type]} · ${MEMBER_SUBTYPE_LABELS[member.subType]}`
    : MEMBER_TYPE_LABELS[member.type];
