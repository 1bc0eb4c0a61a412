import {
  type ClientStatus,
  type InfluencerTier,
  MEMBER_SUBTYPE_LABELS,
  MEMBER_TYPE_LABELS,
  type MemberSubType,
  type MemberType,
  type ReviewStatus,
} from '@centric/contracts';

/** Colours of the household and member enumerations on the detail page (their labels are the contract's). */
export const CLIENT_STATUS_COLORS: Readonly<Record<ClientStatus, string>> = {
  ACTIVE: 'green',
  INACTIVE: 'gray',
  CONVERTED: 'blue',
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

/** "Person · Primary", or just "Trust" for a member without a subtype. */
export const memberKindLabel = (member: { type: MemberType; subType: MemberSubType | null }): string =>
  member.subType
    ? `${MEMBER_TYPE_LABELS[member.type]} · ${MEMBER_SUBTYPE_LABELS[member.subType]}`
    : MEMBER_TYPE_LABELS[member.type];
