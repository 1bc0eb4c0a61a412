import type { Db } from '../../../db/client.ts';
import {
  type HouseholdFixture,
  type HouseholdMemberFixture,
  insertHousehold,
} from '../../../../test/factories.ts';

export { stateIdByAbbreviation, userIdByEmail } from '../../../../test/factories.ts';

/**
 * Households for the clients tests, inserted straight into the database (the create API has its own tests)
 * through the shared factory: every member born 1970-01-01, the first one PRIMARY and the others without a
 * sub-type unless the test says, one email and one phone each at most.
 */

export type FixtureMember = Omit<HouseholdMemberFixture, 'emails' | 'phones' | 'dateOfBirth'> & {
  email?: string;
  phone?: string;
};

export type FixtureHousehold = Omit<HouseholdFixture, 'name' | 'members'> & {
  name: string;
  members?: FixtureMember[];
};

export const createHousehold = async (db: Db, spec: FixtureHousehold) => {
  const { clientId, memberIds } = await insertHousehold(db, {
    ...spec,
    members: (spec.members ?? []).map(({ email, phone, ...member }, i) => ({
      ...member,
      subType: member.subType === undefined ? (i === 0 ? 'PRIMARY' : null) : member.subType,
      dateOfBirth: '1970-01-01',
      ...(email ? { emails: [email] } : {}),
      ...(phone ? { phones: [phone] } : {}),
    })),
  });
  return { id: clientId, memberIds };
};
