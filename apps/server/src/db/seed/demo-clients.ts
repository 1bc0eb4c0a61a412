import {
  addDays,
  anniversaryIn,
  type AddressType,
  type AdvisorRole,
  type ClientStatus,
  daysBetween,
  daysInMonth,
  type EmailType,
  formatIsoDate,
  type InfluencerTier,
  type MemberSubType,
  type MemberType,
  type PhoneType,
  REVIEW_STATUSES,
  type ReviewStatus,
  renumberDisplaySequence,
  ROLE_IDS,
  type SpecialDateType,
} from '@centric/contracts';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Db } from '../client.ts';
import {
  householdAdvisors,
  householdProfessionals,
  households,
  masterDataItems,
  memberAddresses,
  memberEmails,
  memberEmploymentStatuses,
  memberInterests,
  memberPhones,
  memberRelationships,
  members,
  milestones,
  otherProfessionals,
  specialDates,
  users,
} from '../schema/index.ts';
import * as V from './demo-clients-values.ts';

/**
 * Demo households: a few hundred realistic families (persons with partners and children, pets, trusts,
 * businesses), their contacts, advisor teams, special dates, milestones, relationships and the firm's other
 * professionals. The data is pseudo-random but deterministic (a seeded PRNG and a given "today"), fictional
 * (555-01xx phones, example.com addresses, SSN areas 900–999) and valid under the contracts' member rules.
 * Seeded once, on an empty clients table, in one transaction of multi-row inserts; like the demo users it is
 * not a user action, so it writes no audit entries.
 */

export const DEMO_HOUSEHOLD_COUNT = 300;
export const DEMO_CLIENTS_SEED = 20_260_401;

// ---------------------------------------------------------------------------------------------------------
// Pseudo-random numbers (mulberry32): the same seed gives the same households

export type Rng = {
  /** A number in [0, 1). */
  next: () => number;
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(list: readonly T[]) => T;
  weighted: <T>(entries: ReadonlyArray<readonly [T, number]>) => T;
  /** A version-4 shaped uuid drawn from the generator. */
  uuid: () => string;
};

export const createRng = (seed: number): Rng => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[int(0, list.length - 1)] as T;
  };
  const word = () => int(0, 0xffffffff).toString(16).padStart(8, '0');
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: <T>(entries: ReadonlyArray<readonly [T, number]>): T => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return (entries[entries.length - 1] as readonly [T, number])[0];
    },
    uuid: () => {
      const hex = word() + word() + word() + word();
      const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
  };
};

// ---------------------------------------------------------------------------------------------------------
// Calendar days (the data is dates, not instants; the rules are the contracts' date module)

const DAY_MS = 86_400_000;
const EPOCH = '1970-01-01';
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const dayOf = (iso: string) => daysBetween(EPOCH, iso);
const isoOf = (day: number) => addDays(EPOCH, day);
/** yyyy-MM-dd of a year, month and day; a day past the month's end becomes its last day. */
const makeIso = (year: number, month: number, day: number) =>
  formatIsoDate({ year, month, day: Math.min(day, daysInMonth(year, month)) });

/** A date of birth for someone `age` years old today; with `nearOffset` the birthday is that many days away. */
const birthDate = (rng: Rng, today: string, age: number, nearOffset?: number) => {
  const year = Number(today.slice(0, 4));
  if (nearOffset !== undefined) {
    // The birthday falls on today + nearOffset: reached `age` then (offset ≤ 0), or turns age + 1 then.
    const birthday = addDays(today, nearOffset);
    return anniversaryIn(Number(birthday.slice(0, 4)) - age - (nearOffset > 0 ? 1 : 0), birthday);
  }
  return addDays(anniversaryIn(year - age, today), -rng.int(0, 364));
};

/** Days from today to a household's next follow-up: a few overdue, a few today, most in the next quarter. */
const followUpOffset = (rng: Rng) =>
  rng.weighted<() => number>([
    [() => -rng.int(1, 30), 15],
    [() => 0, 5],
    [() => rng.int(1, 14), 30],
    [() => rng.int(15, 90), 50],
  ])();

// ---------------------------------------------------------------------------------------------------------
// Inputs: master data and the demo users

export type DemoMasterItem = { id: number; type: string; name: string; parentId: number | null };

/** The master-data lists the members use. */
export const DEMO_CLIENT_MASTER_TYPES = [
  'gender',
  'marriage-status',
  'sexual-orientation',
  'political-party',
  'religious-affiliations',
  'sub-religions',
  'industry',
  'industry-jobs',
  'specific-interest',
  'employment-status',
  'states',
] as const;

type MasterLookup = {
  id: (type: string, name: string) => number | null;
  items: (type: string) => DemoMasterItem[];
  children: (type: string, parentId: number) => DemoMasterItem[];
};

const masterLookup = (items: readonly DemoMasterItem[]): MasterLookup => {
  const byType = new Map<string, DemoMasterItem[]>();
  for (const item of items) byType.set(item.type, [...(byType.get(item.type) ?? []), item]);
  const list = (type: string) => byType.get(type) ?? [];
  return {
    id: (type, name) => list(type).find((item) => item.name === name)?.id ?? null,
    items: list,
    children: (type, parentId) => list(type).filter((item) => item.parentId === parentId),
  };
};

export type DemoClientsInput = {
  /** yyyy-MM-dd: birthdays, follow-ups and creation dates are placed around it. */
  today: string;
  master: readonly DemoMasterItem[];
  wealthAdvisorIds: readonly string[];
  businessDeveloperIds: readonly string[];
  count?: number;
  seed?: number;
};

// ---------------------------------------------------------------------------------------------------------
// Output rows

type HouseholdRow = typeof households.$inferInsert & { id: string };
type MemberRow = Omit<typeof members.$inferInsert, 'identityNumberSealed'> & {
  id: string;
  householdId: string;
  type: MemberType;
  subType: MemberSubType | null;
  /** In clear until inserted, where it is sealed. */
  identityNumber: string | null;
};
type PhoneRow = typeof memberPhones.$inferInsert & { type: PhoneType };
type EmailRow = typeof memberEmails.$inferInsert & { type: EmailType };
type AddressRow = typeof memberAddresses.$inferInsert & { type: AddressType };
type ProfessionalRow = typeof otherProfessionals.$inferInsert & { id: string };

export type DemoClients = {
  professionals: ProfessionalRow[];
  households: HouseholdRow[];
  advisors: (typeof householdAdvisors.$inferInsert)[];
  householdProfessionals: (typeof householdProfessionals.$inferInsert)[];
  members: MemberRow[];
  interests: (typeof memberInterests.$inferInsert)[];
  employmentStatuses: (typeof memberEmploymentStatuses.$inferInsert)[];
  phones: PhoneRow[];
  emails: EmailRow[];
  addresses: AddressRow[];
  specialDates: (typeof specialDates.$inferInsert & { dateType: SpecialDateType })[];
  milestones: (typeof milestones.$inferInsert)[];
  relationships: (typeof memberRelationships.$inferInsert)[];
};

// ---------------------------------------------------------------------------------------------------------
// Fictional identifiers

/** 555-0100 … 555-0199 in each area code (reserved for fiction), handed out once each. */
const createPhonePool = () => {
  const all = [...new Set(V.DEMO_LOCATIONS.flatMap(([, , , codes]) => codes))];
  const used = new Map<string, number>();
  return (preferred: readonly string[]) => {
    for (const area of [...preferred, ...all]) {
      const n = used.get(area) ?? 0;
      if (n < 100) {
        used.set(area, n + 1);
        // 37 is coprime with 100: the numbers of an area code come out scattered, each once.
        return `+1${area}55501${pad((n * 37 + 11) % 100)}`;
      }
    }
    throw new Error('the demo ran out of fictional phone numbers');
  };
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');

const createEmailPool = () => {
  const used = new Set<string>();
  return (local: string, domain: string) => {
    let candidate = `${local}@${domain}`;
    for (let n = 2; used.has(candidate); n += 1) candidate = `${local}${n}@${domain}`;
    used.add(candidate);
    return candidate;
  };
};

/** SSN areas 900–999 are never issued. */
const fictionalSsn = (rng: Rng) => `${rng.int(900, 999)}-${pad(rng.int(1, 99))}-${pad(rng.int(1, 9999), 4)}`;
/** EIN prefixes the IRS does not assign. */
const UNASSIGNED_EIN_PREFIXES = [
  '07',
  '08',
  '09',
  '17',
  '18',
  '19',
  '28',
  '29',
  '49',
  '69',
  '70',
  '78',
  '79',
];
const fictionalEin = (rng: Rng) => `${rng.pick(UNASSIGNED_EIN_PREFIXES)}-${pad(rng.int(1, 9_999_999), 7)}`;
const last4 = (identityNumber: string | null) =>
  identityNumber === null ? null : identityNumber.replace(/\D/g, '').slice(-4);

// ---------------------------------------------------------------------------------------------------------
// The generator

type Location = (typeof V.DEMO_LOCATIONS)[number];
type Gender = 'Male' | 'Female' | 'Non-binary';
type Address = Omit<AddressRow, 'id' | 'memberId' | 'type' | 'isPrimary' | 'linkedToPrimary' | 'position'>;
type Contacts = {
  phones: { phone: string; type: PhoneType; linkedToPrimary: boolean }[];
  emails: { email: string; type: EmailType }[];
  addresses: { address: Address; type: AddressType; linkedToPrimary: boolean }[];
};

const TIERS: ReadonlyArray<readonly [InfluencerTier, number]> = [
  ['GOLD', 10],
  ['SILVER', 15],
  ['BRONZE', 20],
  ['NO_STATUS', 55],
];
const STATUSES: ReadonlyArray<readonly [ClientStatus, number]> = [
  ['ACTIVE', 85],
  ['INACTIVE', 10],
  ['CONVERTED', 5],
];

/**
 * Builds the demo rows without touching a database: the same input gives the same rows. Returns null when
 * the master data a person needs (genders, marriage statuses, employment statuses, states) is missing.
 */
export const buildDemoClients = (input: DemoClientsInput): DemoClients | null => {
  const { today } = input;
  const rng = createRng(input.seed ?? DEMO_CLIENTS_SEED);
  const master = masterLookup(input.master);
  const count = input.count ?? DEMO_HOUSEHOLD_COUNT;
  const required = ['gender', 'marriage-status', 'employment-status', 'states'];
  if (required.some((type) => master.items(type).length === 0)) return null;

  const nextPhone = createPhonePool();
  const nextEmail = createEmailPool();
  const todayYear = Number(today.slice(0, 4));
  const stateId = (location: Location) => master.id('states', location[0]) ?? master.items('states')[0]!.id;
  const genderId = (gender: Gender) => master.id('gender', gender) ?? master.items('gender')[0]!.id;
  const marriageId = (name: string) =>
    master.id('marriage-status', name) ?? master.items('marriage-status')[0]!.id;
  const employmentId = (name: string) =>
    master.id('employment-status', name) ?? master.items('employment-status')[0]!.id;
  const industriesWithJobs = master
    .items('industry')
    .filter((industry) => master.children('industry-jobs', industry.id).length > 0);

  const out: DemoClients = {
    professionals: [],
    households: [],
    advisors: [],
    householdProfessionals: [],
    members: [],
    interests: [],
    employmentStatuses: [],
    phones: [],
    emails: [],
    addresses: [],
    specialDates: [],
    milestones: [],
    relationships: [],
  };

  const streetAddress = (location: Location, line2: boolean): Address => ({
    addressLine1: `${rng.int(12, 9850)} ${rng.pick(V.STREET_NAMES)} ${rng.pick(V.STREET_SUFFIXES)}`,
    addressLine2: line2
      ? rng.pick([`Apt ${rng.int(2, 30)}${rng.pick(['A', 'B', 'C', 'D'])}`, `Unit ${rng.int(101, 950)}`])
      : '',
    addressLine3: '',
    city: location[1],
    stateId: stateId(location),
    zip: `${location[2]}${pad(rng.int(1, 99))}`,
    country: 'United States',
  });

  // The other professionals of the firm.
  V.DEMO_PROFESSIONALS.forEach(([type, firstName, lastName, firm]) => {
    const location = rng.pick(V.DEMO_LOCATIONS);
    const createdAt = new Date((dayOf(today) - rng.int(200, 2000)) * DAY_MS + rng.int(8, 18) * 3_600_000);
    const note = rng.chance(0.7) ? `${firm}. ${rng.pick(V.PROFESSIONAL_NOTES)}` : firm;
    out.professionals.push({
      id: rng.uuid(),
      type,
      fullName: `${firstName} ${lastName}`,
      phoneNumber: nextPhone(location[3]),
      address: `${rng.int(100, 2999)} ${rng.pick(V.STREET_NAMES)} ${rng.pick(V.STREET_SUFFIXES)}, Suite ${rng.int(100, 950)}`,
      city: location[1],
      stateId: stateId(location),
      zip: `${location[2]}${pad(rng.int(1, 99))}`,
      email: nextEmail(`${slug(firstName)}.${slug(lastName)}`, 'example.org'),
      note: note.slice(0, 150),
      createdAt,
      updatedAt: createdAt,
    });
  });

  for (let index = 0; index < count; index += 1) {
    const householdId = rng.uuid();
    const location = rng.pick(V.DEMO_LOCATIONS);
    const createdDay = dayOf(today) - rng.int(1, 6 * 365);
    const createdAt = new Date(createdDay * DAY_MS + rng.int(13, 23) * 3_600_000 + rng.int(0, 3599) * 1000);
    const stamp = { createdAt, updatedAt: createdAt };
    const lastName = rng.pick(V.LAST_NAMES);
    const homeAddress = streetAddress(location, rng.chance(0.15));
    const householdMembers: MemberRow[] = [];
    const contactsOf = new Map<string, Contacts>();
    let primaryHomePhone: string | null = null;

    /** One member with its contacts; every member gets all five wizard steps completed. */
    const addMember = (row: Omit<MemberRow, 'householdId' | 'completedSteps'>, contacts: Contacts) => {
      const member: MemberRow = { ...row, householdId, completedSteps: 5, ...stamp };
      householdMembers.push(member);
      contactsOf.set(member.id, contacts);
      return member;
    };

    const nickname = (firstName: string) => {
      const options = V.NICKNAMES[firstName];
      return options && rng.chance(0.4) ? rng.pick(options) : null;
    };

    /** Preferences, identity and employment of a person of a given age. */
    const personDetails = (age: number, adultClient: boolean) => {
      const affiliations = master.items('religious-affiliations');
      const religionParent = affiliations.length > 0 && rng.chance(0.75) ? rng.pick(affiliations) : null;
      const subReligions = religionParent ? master.children('sub-religions', religionParent.id) : [];
      const orientation = master.items('sexual-orientation');
      const parties = master.items('political-party');
      let status: string;
      let employer: string | null = null;
      let jobTitle: string | null = null;
      let industryId: number | null = null;
      let parentIndustryId: number | null = null;
      if (age < 18) status = 'Student';
      else if (age < 23) status = rng.chance(0.7) ? 'Student' : 'Employed Part-Time';
      else if (age >= 66) status = rng.chance(0.85) ? 'Retired' : 'Business Owner';
      else {
        status = rng.weighted([
          ['Employed Full-Time', 58],
          ['Self-Employed', 8],
          ['Business Owner', 8],
          ['Employed Part-Time', 7],
          ['Homemaker', 9],
          ['Retired', 6],
          ['Unemployed', 4],
        ]);
      }
      const working = [
        'Employed Full-Time',
        'Employed Part-Time',
        'Self-Employed',
        'Business Owner',
      ].includes(status);
      if (working && age >= 18 && industriesWithJobs.length > 0) {
        const industry = rng.pick(industriesWithJobs);
        const job = rng.pick(master.children('industry-jobs', industry.id));
        parentIndustryId = industry.id;
        industryId = job.id;
        jobTitle = job.name.slice(0, 30);
        employer =
          status === 'Employed Full-Time' || status === 'Employed Part-Time' ? rng.pick(V.EMPLOYERS) : null;
      } else if (status === 'Retired') {
        parentIndustryId = master.id('industry', 'Retired');
      }
      const statuses = [employmentId(status)];
      if (status === 'Retired' && rng.chance(0.1)) statuses.push(employmentId('Self-Employed'));
      const incomeThousands = working
        ? rng.weighted([
            [rng.int(60, 180), 40],
            [rng.int(180, 450), 35],
            [rng.int(450, 1500), 20],
            [rng.int(1500, 6000), 5],
          ])
        : status === 'Retired' && rng.chance(0.6)
          ? rng.int(40, 250)
          : null;
      return {
        sexualOrientationId:
          adultClient && orientation.length > 0 && rng.chance(0.7)
            ? (master.id(
                'sexual-orientation',
                rng.chance(0.9) ? 'Heterosexual' : rng.pick(orientation).name,
              ) ?? null)
            : null,
        politicalPartyId: adultClient && parties.length > 0 && rng.chance(0.6) ? rng.pick(parties).id : null,
        parentReligionId: religionParent?.id ?? null,
        religionId: subReligions.length > 0 && rng.chance(0.8) ? rng.pick(subReligions).id : null,
        riskScore: adultClient && rng.chance(0.8) ? rng.int(12, 95) : null,
        annualIncome: incomeThousands === null ? null : `${incomeThousands * 1000}.00`,
        driverLicenseNum:
          age >= 16 && rng.chance(0.7)
            ? `${rng.pick(['A', 'B', 'D', 'F', 'K', 'M', 'S', 'W'])}${pad(rng.int(0, 9_999_999), 7)}`
            : null,
        employer,
        jobTitle,
        industryId,
        parentIndustryId,
        employmentStatusIds: statuses,
        interestIds:
          adultClient && master.items('specific-interest').length > 0
            ? [
                ...new Set(
                  Array.from({ length: rng.int(0, 3) }, () => rng.pick(master.items('specific-interest')).id),
                ),
              ]
            : [],
        working,
      };
    };

    const personMember = (spec: {
      subType: MemberSubType;
      gender: Gender;
      firstName: string;
      lastName: string;
      age: number;
      marriage: string;
      adultClient: boolean;
      ssnChance: number;
      contacts: Contacts;
      deceasedDate?: string | null;
    }) => {
      const details = personDetails(spec.age, spec.adultClient);
      const near = rng.chance(0.12) ? rng.int(-30, 30) : undefined;
      const identityNumber = rng.chance(spec.ssnChance) ? fictionalSsn(rng) : null;
      const member = addMember(
        {
          id: rng.uuid(),
          type: 'PERSON',
          subType: spec.subType,
          firstName: spec.firstName,
          middleName: rng.chance(0.5) ? rng.pick(V.MIDDLE_NAMES[spec.gender]) : null,
          lastName: spec.lastName,
          nickName: nickname(spec.firstName),
          suffix:
            spec.gender === 'Male' && spec.adultClient && rng.chance(0.06) ? rng.pick(V.SUFFIXES) : null,
          dateOfBirth: birthDate(rng, today, spec.age, near),
          genderId: genderId(spec.gender),
          marriageStatusId: marriageId(spec.marriage),
          sexualOrientationId: details.sexualOrientationId,
          politicalPartyId: details.politicalPartyId,
          religionId: details.religionId,
          parentReligionId: details.parentReligionId,
          riskScore: details.riskScore,
          annualIncome: details.annualIncome,
          linkedinUrl:
            details.working && rng.chance(0.3)
              ? `https://www.linkedin.com/in/${slug(spec.firstName)}-${slug(spec.lastName)}-${rng.int(100, 999)}`
              : null,
          identityNumber,
          identityNumberLast4: last4(identityNumber),
          driverLicenseNum: details.driverLicenseNum,
          driverLicenseStateId: details.driverLicenseNum ? stateId(location) : null,
          employer: details.employer,
          jobTitle: details.jobTitle,
          industryId: details.industryId,
          parentIndustryId: details.parentIndustryId,
          deceased: Boolean(spec.deceasedDate),
          deceasedDate: spec.deceasedDate ?? null,
        },
        spec.contacts,
      );
      for (const statusId of details.employmentStatusIds)
        out.employmentStatuses.push({ memberId: member.id, statusId });
      for (const interestId of details.interestIds) out.interests.push({ memberId: member.id, interestId });
      return { member, working: details.working };
    };

    // The primary member.
    const primaryAge = rng.weighted([
      [rng.int(30, 44), 20],
      [rng.int(45, 59), 35],
      [rng.int(60, 74), 32],
      [rng.int(75, 90), 13],
    ]);
    const primaryGender: Gender = rng.weighted([
      ['Male', 55],
      ['Female', 43],
      ['Non-binary', 2],
    ]);
    const hasPartner = rng.chance(0.72);
    const widowed = !hasPartner && primaryAge > 55 && rng.chance(0.25);
    const partnerIsDomestic = hasPartner && rng.chance(0.1);
    const primaryMarriage = hasPartner
      ? partnerIsDomestic
        ? 'Domestic Partnership'
        : 'Married'
      : widowed
        ? 'Widowed'
        : rng.weighted([
            ['Single', 45],
            ['Divorced', 40],
            ['Separated', 15],
          ]);
    const firstNameFor = (gender: Gender, child: boolean) =>
      child
        ? rng.pick(
            gender === 'Female'
              ? V.CHILD_FEMALE_NAMES
              : gender === 'Male'
                ? V.CHILD_MALE_NAMES
                : [...V.CHILD_FEMALE_NAMES, ...V.CHILD_MALE_NAMES],
          )
        : rng.pick(
            gender === 'Female'
              ? V.FEMALE_FIRST_NAMES
              : gender === 'Male'
                ? V.MALE_FIRST_NAMES
                : [...V.FEMALE_FIRST_NAMES, ...V.MALE_FIRST_NAMES],
          );
    const primaryFirst = firstNameFor(primaryGender, primaryAge < 26);
    const primaryContacts: Contacts = { phones: [], emails: [], addresses: [] };
    primaryContacts.phones.push({ phone: nextPhone(location[3]), type: 'Mobile', linkedToPrimary: false });
    if (rng.chance(0.45)) {
      primaryHomePhone = nextPhone(location[3]);
      primaryContacts.phones.push({ phone: primaryHomePhone, type: 'Home', linkedToPrimary: false });
    }
    primaryContacts.emails.push({
      email: nextEmail(`${slug(primaryFirst)}.${slug(lastName)}`, rng.pick(['example.com', 'example.org'])),
      type: 'Personal',
    });
    primaryContacts.addresses.push({ address: homeAddress, type: 'Home', linkedToPrimary: false });
    if (rng.chance(0.1)) {
      const vacation = rng.pick(
        V.DEMO_LOCATIONS.filter((l) => ['Florida', 'Colorado', 'Arizona', 'Utah'].includes(l[0])),
      );
      primaryContacts.addresses.push({
        address: streetAddress(vacation, false),
        type: 'Vacation',
        linkedToPrimary: false,
      });
    }
    const { member: primary, working: primaryWorks } = personMember({
      subType: 'PRIMARY',
      gender: primaryGender,
      firstName: primaryFirst,
      lastName,
      age: primaryAge,
      marriage: primaryMarriage,
      adultClient: true,
      ssnChance: 0.95,
      contacts: primaryContacts,
    });
    if (primaryWorks && rng.chance(0.5)) {
      primaryContacts.phones.push({ phone: nextPhone(location[3]), type: 'Work', linkedToPrimary: false });
    }
    if (primaryWorks && rng.chance(0.4)) {
      primaryContacts.emails.push({
        email: nextEmail(`${slug(primaryFirst).charAt(0)}${slug(lastName)}`, 'example.net'),
        type: 'Work',
      });
    }

    // The partner: the secondary member, a spouse or a partner; sometimes a late spouse.
    let partner: MemberRow | null = null;
    let partnerGender: Gender | null = null;
    let partnerAge = primaryAge;
    if (hasPartner || widowed) {
      partnerGender = rng.chance(0.93)
        ? primaryGender === 'Male'
          ? 'Female'
          : 'Male'
        : primaryGender === 'Non-binary'
          ? 'Female'
          : primaryGender;
      const age = Math.max(25, primaryAge + rng.int(-6, 6));
      partnerAge = age;
      const firstName = firstNameFor(partnerGender, age < 26);
      const partnerLast = rng.chance(0.85) ? lastName : rng.pick(V.LAST_NAMES);
      const contacts: Contacts = { phones: [], emails: [], addresses: [] };
      let subType: MemberSubType;
      let deceasedDate: string | null = null;
      if (widowed) {
        subType = 'SPOUSE';
        deceasedDate = addDays(today, -rng.int(120, 6 * 365));
      } else {
        subType = partnerIsDomestic
          ? rng.weighted([
              ['PARTNER', 60],
              ['SECONDARY', 40],
            ])
          : rng.weighted([
              ['SECONDARY', 85],
              ['SPOUSE', 15],
            ]);
        contacts.phones.push({ phone: nextPhone(location[3]), type: 'Mobile', linkedToPrimary: false });
        if (primaryHomePhone)
          contacts.phones.push({ phone: primaryHomePhone, type: 'Home', linkedToPrimary: true });
        contacts.emails.push({
          email: nextEmail(
            `${slug(firstName)}.${slug(partnerLast)}`,
            rng.pick(['example.com', 'example.org']),
          ),
          type: 'Personal',
        });
        contacts.addresses.push(
          rng.chance(0.92)
            ? { address: homeAddress, type: 'Home', linkedToPrimary: true }
            : { address: streetAddress(location, false), type: 'Home', linkedToPrimary: false },
        );
      }
      partner = personMember({
        subType,
        gender: partnerGender,
        firstName,
        lastName: partnerLast,
        age,
        marriage: widowed ? 'Married' : primaryMarriage,
        adultClient: true,
        ssnChance: 0.9,
        contacts,
        deceasedDate,
      }).member;
    }

    // Children.
    const youngestParentAge = Math.min(primaryAge, partnerAge);
    const childCount = partner
      ? rng.weighted([
          [0, 15],
          [1, 20],
          [2, 35],
          [3, 20],
          [4, 10],
        ])
      : rng.weighted([
          [0, 50],
          [1, 30],
          [2, 20],
        ]);
    const children: { member: MemberRow; gender: Gender; age: number }[] = [];
    const maxChildAge = youngestParentAge - 23;
    for (let c = 0; c < childCount && maxChildAge >= 0; c += 1) {
      const age = rng.int(Math.max(0, youngestParentAge - 42), maxChildAge);
      const gender: Gender = rng.weighted([
        ['Male', 49],
        ['Female', 49],
        ['Non-binary', 2],
      ]);
      const firstName = firstNameFor(gender, age < 26);
      const contacts: Contacts = { phones: [], emails: [], addresses: [] };
      if (age >= 13 && rng.chance(0.8)) {
        contacts.phones.push({ phone: nextPhone(location[3]), type: 'Mobile', linkedToPrimary: false });
      } else if (primaryHomePhone && rng.chance(0.5)) {
        contacts.phones.push({ phone: primaryHomePhone, type: 'Home', linkedToPrimary: true });
      }
      if (age >= 16 && rng.chance(0.7)) {
        contacts.emails.push({
          email: nextEmail(`${slug(firstName)}.${slug(lastName)}`, 'example.com'),
          type: 'Personal',
        });
      }
      if (age < 23) contacts.addresses.push({ address: homeAddress, type: 'Home', linkedToPrimary: true });
      else if (rng.chance(0.7)) {
        contacts.addresses.push({
          address: streetAddress(rng.pick(V.DEMO_LOCATIONS), rng.chance(0.4)),
          type: 'Home',
          linkedToPrimary: false,
        });
      }
      const subType: MemberSubType = partner
        ? rng.weighted([
            ['CHILD_OF_BOTH', 80],
            ['CHILD_OF_PRIMARY', 12],
            ['CHILD_OF_SECONDARY', 8],
          ])
        : 'CHILD_OF_PRIMARY';
      const { member } = personMember({
        subType,
        gender,
        firstName,
        lastName,
        age,
        marriage: age >= 26 && rng.chance(0.5) ? 'Married' : 'Single',
        adultClient: age >= 23,
        ssnChance: 0.7,
        contacts,
      });
      children.push({ member, gender, age });
    }

    // Pets, a trust, a business.
    const pets: MemberRow[] = [];
    if (rng.chance(0.1)) {
      const petCount = rng.chance(0.3) ? 2 : 1;
      for (let p = 0; p < petCount; p += 1) {
        pets.push(
          addMember(
            {
              id: rng.uuid(),
              type: 'PET',
              subType: null,
              firstName: rng.pick(V.PET_NAMES),
              lastName,
              dateOfBirth: addDays(today, -rng.int(120, 14 * 365)),
              genderId: rng.chance(0.6) ? genderId(rng.chance(0.5) ? 'Male' : 'Female') : null,
              identityNumber: null,
              identityNumberLast4: null,
            },
            { phones: [], emails: [], addresses: [] },
          ),
        );
      }
    }
    let trust: MemberRow | null = null;
    if (rng.chance(0.08)) {
      const [stem, kind] = rng.pick(V.TRUST_NAMES);
      const identityNumber = fictionalEin(rng);
      trust = addMember(
        {
          id: rng.uuid(),
          type: 'TRUST',
          subType: null,
          firstName: `${lastName} ${stem}`.slice(0, 50),
          lastName: kind,
          dateOfBirth: addDays(today, -rng.int(365, 25 * 365)),
          identityNumber,
          identityNumberLast4: last4(identityNumber),
        },
        {
          phones: [],
          emails: [],
          addresses: [{ address: homeAddress, type: 'Home', linkedToPrimary: true }],
        },
      );
    }
    let business: MemberRow | null = null;
    if (rng.chance(0.08)) {
      const [stem, form] = rng.pick(V.BUSINESS_NAMES);
      const identityNumber = fictionalEin(rng);
      const name = `${lastName} ${stem}`.slice(0, 50);
      business = addMember(
        {
          id: rng.uuid(),
          type: 'BUSINESS',
          subType: null,
          firstName: name,
          lastName: form,
          dateOfBirth: addDays(today, -rng.int(365, 30 * 365)),
          identityNumber,
          identityNumberLast4: last4(identityNumber),
          annualIncome: `${rng.int(250, 25_000) * 1000}.00`,
        },
        {
          phones: [{ phone: nextPhone(location[3]), type: 'Work', linkedToPrimary: false }],
          emails: [{ email: nextEmail(`office.${slug(name)}`, 'example.net'), type: 'Work' }],
          addresses: [{ address: streetAddress(location, true), type: 'Work', linkedToPrimary: false }],
        },
      );
    }

    // Display order (primary first, secondary second) and the contact rows.
    renumberDisplaySequence(householdMembers).forEach((ordered) => {
      const member = householdMembers.find((m) => m.id === ordered.id) as MemberRow;
      member.displaySequence = ordered.displaySequence;
    });
    for (const member of householdMembers) {
      const contacts = contactsOf.get(member.id) as Contacts;
      contacts.phones.forEach((entry, position) =>
        out.phones.push({
          id: rng.uuid(),
          memberId: member.id,
          ...entry,
          isPrimary: position === 0,
          position,
        }),
      );
      contacts.emails.forEach((entry, position) =>
        out.emails.push({
          id: rng.uuid(),
          memberId: member.id,
          ...entry,
          isPrimary: position === 0,
          linkedToPrimary: false,
          position,
        }),
      );
      contacts.addresses.forEach((entry, position) =>
        out.addresses.push({
          id: rng.uuid(),
          memberId: member.id,
          ...entry.address,
          type: entry.type,
          isPrimary: position === 0,
          linkedToPrimary: entry.linkedToPrimary,
          position,
        }),
      );
    }
    out.members.push(...householdMembers);

    // The household.
    const services = {
      financialLifeManagement: rng.chance(0.45),
      riskManagement: rng.chance(0.35),
      assetManagement: rng.chance(0.6),
      legacyPlanning: rng.chance(0.3),
      privateFund: rng.chance(0.1),
    };
    const introducedByClientId =
      out.households.length > 0 && rng.chance(0.15) ? rng.pick(out.households).id : null;
    const introducedByProfessionalId =
      introducedByClientId === null && rng.chance(0.07) ? rng.pick(out.professionals).id : null;
    const wealthAdvisor1 = input.wealthAdvisorIds.length > 0 ? rng.pick(input.wealthAdvisorIds) : null;
    out.households.push({
      id: householdId,
      name: `${lastName}, ${primary.firstName}`,
      status: rng.weighted(STATUSES),
      reviewStatus: rng.chance(0.4) ? null : rng.pick<ReviewStatus>(REVIEW_STATUSES),
      rating: rng.weighted([
        [0, 12],
        [1, 8],
        [2, 15],
        [3, 25],
        [4, 25],
        [5, 15],
      ]),
      influencerTier: rng.weighted(TIERS),
      ...services,
      nextFollowUp: rng.chance(0.9) ? addDays(today, followUpOffset(rng)) : null,
      tagIndex: rng.int(0, 7),
      introducedByClientId,
      introducedByProfessionalId,
      createdBy: wealthAdvisor1,
      ...stamp,
    });

    // The advisor team.
    const team: [AdvisorRole, string][] = [];
    if (wealthAdvisor1) {
      team.push(['WEALTH_ADVISOR_1', wealthAdvisor1]);
      const others = input.wealthAdvisorIds.filter((id) => id !== wealthAdvisor1);
      if (others.length > 0 && rng.chance(0.35)) team.push(['WEALTH_ADVISOR_2', rng.pick(others)]);
    }
    if (input.businessDeveloperIds.length > 0) {
      if (rng.chance(0.7)) team.push(['BUSINESS_DEVELOPER', rng.pick(input.businessDeveloperIds)]);
      if (rng.chance(0.08)) team.push(['SOLICITOR', rng.pick(input.businessDeveloperIds)]);
    }
    for (const [role, userId] of team) out.advisors.push({ householdId, role, userId, createdAt });

    // Other professionals of the household.
    if (rng.chance(0.55)) {
      const linked = new Set(Array.from({ length: rng.int(1, 2) }, () => rng.pick(out.professionals).id));
      for (const professionalId of linked)
        out.householdProfessionals.push({ householdId, professionalId, createdAt });
    }

    // Special dates.
    const addDate = (
      member: MemberRow,
      dateType: SpecialDateType,
      date: string,
      notes: readonly (string | null)[],
    ) =>
      out.specialDates.push({
        id: rng.uuid(),
        householdId,
        memberId: member.id,
        dateType,
        date,
        description: rng.pick(notes),
        ...stamp,
      });
    if (primary.dateOfBirth) addDate(primary, 'Birthday', primary.dateOfBirth, V.SPECIAL_DATE_NOTES.Birthday);
    if (partner && !partner.deceased && partner.dateOfBirth) {
      addDate(partner, 'Birthday', partner.dateOfBirth, V.SPECIAL_DATE_NOTES.Birthday);
    }
    if (primaryMarriage === 'Married' && rng.chance(0.7)) {
      const weddingYear = todayYear - primaryAge + rng.int(23, Math.min(40, Math.max(23, primaryAge - 1)));
      addDate(
        primary,
        'Anniversary',
        makeIso(Math.min(weddingYear, todayYear - 1), rng.int(1, 12), rng.int(1, 28)),
        V.SPECIAL_DATE_NOTES.Anniversary,
      );
    }
    if (rng.chance(0.6))
      addDate(primary, 'Client Anniversary', isoOf(createdDay), V.SPECIAL_DATE_NOTES['Client Anniversary']);
    if (primaryAge >= 58 && primaryAge <= 72 && rng.chance(0.3)) {
      // At 65: a planned date ahead, or the day they retired.
      const year = todayYear + 65 - primaryAge;
      addDate(primary, 'Retirement', makeIso(year, rng.int(1, 12), 1), [
        year > todayYear ? 'Planned retirement date.' : 'Retired.',
      ]);
    }
    for (const child of children) {
      if (child.age >= 17 && child.age <= 22 && rng.chance(0.5)) {
        addDate(
          child.member,
          'Graduation',
          makeIso(todayYear + (child.age >= 21 ? 0 : 1), 6, rng.int(5, 20)),
          V.SPECIAL_DATE_NOTES.Graduation,
        );
      }
      if (child.member.dateOfBirth) {
        addDate(child.member, 'Birthday', child.member.dateOfBirth, V.SPECIAL_DATE_NOTES.Birthday);
      }
    }
    for (const pet of pets) {
      if (pet.dateOfBirth) addDate(pet, 'Birthday', pet.dateOfBirth, [null]);
    }

    // Family milestones of older households.
    if (primaryAge >= 55 && rng.chance(0.3)) {
      for (let m = rng.int(1, 2); m > 0; m -= 1) {
        const [description, maxYearsAgo] = rng.pick(V.MILESTONE_TEMPLATES);
        const gender: Gender = rng.chance(0.5) ? 'Male' : 'Female';
        out.milestones.push({
          id: rng.uuid(),
          householdId,
          memberId: rng.chance(0.8) || !partner ? primary.id : partner.id,
          fullName: `${firstNameFor(gender, true)} ${rng.chance(0.7) ? lastName : rng.pick(V.LAST_NAMES)}`,
          description,
          dob: addDays(today, -rng.int(20, maxYearsAgo * 365)),
          ...stamp,
        });
      }
    }

    // Relationships: "member is {relation} of relative".
    const relate = (member: MemberRow, relation: string, relative: MemberRow) =>
      out.relationships.push({
        id: rng.uuid(),
        householdId,
        memberId: member.id,
        relation,
        relativeId: relative.id,
        createdAt,
      });
    if (partner) {
      relate(
        partner,
        partner.deceased
          ? 'Late spouse'
          : partner.subType === 'PARTNER' || partnerIsDomestic
            ? 'Partner'
            : 'Spouse',
        primary,
      );
    }
    for (const child of children) {
      relate(
        child.member,
        child.gender === 'Male' ? 'Son' : child.gender === 'Female' ? 'Daughter' : 'Child',
        primary,
      );
    }
    for (const pet of pets) relate(pet, 'Pet', primary);
    if (trust) {
      relate(primary, 'Grantor', trust);
      if (partner && !partner.deceased && rng.chance(0.6)) relate(partner, 'Co-grantor', trust);
    }
    if (business) relate(primary, 'Owner', business);
  }
  return out;
};

// ---------------------------------------------------------------------------------------------------------
// Seeding

/** Multi-row inserts, a few thousand parameters under PostgreSQL's limit per statement. */
const insertAll = async (db: Db, table: PgTable, rows: readonly Record<string, unknown>[]) => {
  const size = Math.max(1, Math.floor(30_000 / Object.keys(getTableColumns(table)).length));
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size) as never);
  }
};

export type SeedDemoClientsOptions = {
  /** The secret box of the app: identity numbers are sealed with it. */
  secrets: SecretBox;
  /** yyyy-MM-dd: "today" in the firm's time zone; the demo dates are placed around it. */
  today: string;
  count?: number;
  seed?: number;
};

/**
 * Seeds the demo households when there are none yet: master data ids are looked up by type and name, the team
 * is made of the active wealth advisors and business developers. Returns what was inserted.
 */
export const seedDemoClients = async (db: Db, options: SeedDemoClientsOptions) => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(households);
  if (Number(existing?.n ?? 0) > 0) return { households: 0, members: 0 };

  const master = await db
    .select({
      id: masterDataItems.id,
      type: masterDataItems.type,
      name: masterDataItems.name,
      parentId: masterDataItems.parentId,
    })
    .from(masterDataItems)
    .where(
      and(inArray(masterDataItems.type, [...DEMO_CLIENT_MASTER_TYPES]), eq(masterDataItems.active, true)),
    )
    .orderBy(asc(masterDataItems.id));
  const advisors = await db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        inArray(users.roleId, [ROLE_IDS.wealthAdvisor, ROLE_IDS.businessDeveloper]),
      ),
    )
    .orderBy(asc(users.email));
  const data = buildDemoClients({
    today: options.today,
    master,
    wealthAdvisorIds: advisors.filter((u) => u.roleId === ROLE_IDS.wealthAdvisor).map((u) => u.id),
    businessDeveloperIds: advisors.filter((u) => u.roleId === ROLE_IDS.businessDeveloper).map((u) => u.id),
    ...(options.count !== undefined ? { count: options.count } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  });
  if (!data) return { households: 0, members: 0 };

  const memberRows = data.members.map(({ identityNumber, ...row }) => ({
    ...row,
    identityNumberSealed: identityNumber === null ? null : options.secrets.seal(identityNumber),
  }));
  await db.transaction(async (tx) => {
    await insertAll(tx, otherProfessionals, data.professionals);
    await insertAll(tx, households, data.households);
    await insertAll(tx, householdAdvisors, data.advisors);
    await insertAll(tx, householdProfessionals, data.householdProfessionals);
    await insertAll(tx, members, memberRows);
    await insertAll(tx, memberInterests, data.interests);
    await insertAll(tx, memberEmploymentStatuses, data.employmentStatuses);
    await insertAll(tx, memberPhones, data.phones);
    await insertAll(tx, memberEmails, data.emails);
    await insertAll(tx, memberAddresses, data.addresses);
    await insertAll(tx, specialDates, data.specialDates);
    await insertAll(tx, milestones, data.milestones);
    await insertAll(tx, memberRelationships, data.relationships);
  });
  return { households: data.households.length, members: data.members.length };
};
