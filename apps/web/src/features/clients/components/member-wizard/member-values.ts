import {
  ADDRESS_TYPES,
  EMAIL_TYPES,
  MEMBER_SUBTYPE_LABELS,
  MEMBER_SUBTYPES,
  type MemberDetail,
  type MemberSubType,
  type MemberType,
  type MemberWizardStep,
  PHONE_TYPES,
  formatPhone,
  type memberBasicStepSchema,
  type memberContactStepSchema,
  type memberEmploymentStepSchema,
  type memberIdentityStepSchema,
  type memberPreferencesStepSchema,
} from '@centric/contracts';
import type { z } from 'zod';
import { moneyForInput } from '../../../../lib/money.ts';

/** The wizard's steps as the stepper shows them (spec §4: basic, preferences, contact, identity, employment). */
export const STEP_LABELS: Readonly<Record<MemberWizardStep, { label: string; description: string }>> = {
  basic: { label: 'Basic', description: 'Name, type, dates' },
  preferences: { label: 'Preferences', description: 'Beliefs, interests, income' },
  contact: { label: 'Contact', description: 'Phones, emails, addresses' },
  identity: { label: 'Identity', description: 'SSN or TIN, license' },
  employment: { label: 'Employment', description: 'Work and industry' },
};

/** The Select value of "no subtype". */
export const NO_SUBTYPE = 'NONE';

/** Subtypes offered: PRIMARY only for the primary itself (a household has exactly one), plus "None". */
export const subTypeOptions = (isPrimary: boolean) =>
  isPrimary
    ? [{ value: 'PRIMARY', label: MEMBER_SUBTYPE_LABELS.PRIMARY }]
    : [
        ...MEMBER_SUBTYPES.filter((s) => s !== 'PRIMARY').map((s) => ({
          value: s,
          label: MEMBER_SUBTYPE_LABELS[s],
        })),
        { value: NO_SUBTYPE, label: 'None' },
      ];

export const PHONE_TYPE_OPTIONS = PHONE_TYPES.map((t) => ({ value: t, label: t }));
export const EMAIL_TYPE_OPTIONS = EMAIL_TYPES.map((t) => ({ value: t, label: t }));
export const ADDRESS_TYPE_OPTIONS = ADDRESS_TYPES.map((t) => ({ value: t, label: t }));

export type BasicValues = z.input<typeof memberBasicStepSchema>;
export type PreferencesValues = z.input<typeof memberPreferencesStepSchema>;
export type ContactValues = z.input<typeof memberContactStepSchema>;
export type IdentityValues = z.input<typeof memberIdentityStepSchema>;
export type EmploymentValues = z.input<typeof memberEmploymentStepSchema>;

type Context = { type: MemberType; subType: MemberSubType | null };
const contextOf = (member: MemberDetail): Context => ({ type: member.type, subType: member.subType });

export const basicValues = (member: MemberDetail | null, creatingHousehold: boolean): BasicValues =>
  member
    ? {
        ...contextOf(member),
        firstName: member.firstName,
        middleName: member.middleName ?? '',
        lastName: member.lastName,
        nickName: member.nickName ?? '',
        suffix: member.suffix ?? '',
        date: member.date ?? '',
        gender: member.gender,
        marriageStatus: member.marriageStatus,
        deceased: member.deceased,
        deceasedDate: member.deceasedDate ?? '',
      }
    : {
        type: 'PERSON',
        subType: creatingHousehold ? 'PRIMARY' : null,
        firstName: '',
        middleName: '',
        lastName: '',
        nickName: '',
        suffix: '',
        date: '',
        gender: null,
        marriageStatus: null,
        deceased: false,
        deceasedDate: '',
      };

export const preferencesValues = (member: MemberDetail): PreferencesValues => ({
  ...contextOf(member),
  sexualOrientation: member.sexualOrientation,
  politicalParty: member.politicalParty,
  religion: member.religion,
  parentReligion: member.parentReligion,
  interests: member.interests,
  riskScore: member.riskScore,
  annualIncome: moneyForInput(member.annualIncome),
  linkedinUrl: member.linkedinUrl ?? '',
});

export const blankPhone = (isPrimary: boolean) => ({
  phone: '',
  type: 'Mobile' as const,
  isPrimary,
  linkedToPrimary: false,
});
export const blankEmail = (isPrimary: boolean) => ({
  email: '',
  type: 'Personal' as const,
  isPrimary,
  linkedToPrimary: false,
});
export const blankAddress = (isPrimary: boolean) => ({
  addressLine1: '',
  addressLine2: '',
  addressLine3: '',
  city: '',
  stateId: null,
  zip: '',
  country: '',
  type: 'Home' as const,
  isPrimary,
  linkedToPrimary: false,
});

export type PhoneRow = ReturnType<typeof blankPhone> & { id?: string | number };

export const contactValues = (member: MemberDetail): ContactValues => ({
  ...contextOf(member),
  phoneNumbers:
    member.phoneNumbers.length > 0
      ? member.phoneNumbers.map((p) => ({
          id: p.id,
          phone: formatPhone(p.phone),
          type: p.type,
          isPrimary: p.isPrimary,
          linkedToPrimary: p.linkedToPrimary,
        }))
      : [blankPhone(true)],
  emailAddresses:
    member.emailAddresses.length > 0
      ? member.emailAddresses.map((e) => ({
          id: e.id,
          email: e.email,
          type: e.type,
          isPrimary: e.isPrimary,
          linkedToPrimary: e.linkedToPrimary,
        }))
      : [blankEmail(true)],
  addresses:
    member.addresses.length > 0
      ? member.addresses.map((a) => ({
          id: a.id,
          addressLine1: a.addressLine1,
          addressLine2: a.addressLine2,
          addressLine3: a.addressLine3,
          city: a.city,
          stateId: a.stateId,
          zip: a.zip,
          country: a.country,
          type: a.type,
          isPrimary: a.isPrimary,
          linkedToPrimary: a.linkedToPrimary,
        }))
      : [blankAddress(true)],
});

export const identityValues = (member: MemberDetail): IdentityValues => ({
  ...contextOf(member),
  identityNumber: member.identityNumberMasked ?? '',
  driverLicenseNum: member.driverLicenseNum ?? '',
  driverLicenseState: member.driverLicenseState,
});

export const employmentValues = (member: MemberDetail): EmploymentValues => ({
  ...contextOf(member),
  employer: member.employer ?? '',
  jobTitle: member.jobTitle ?? '',
  employmentStatus: member.employmentStatus,
  industry: member.industry,
  parentIndustry: member.parentIndustry,
});
