import type { Db } from '../../../db/client.ts';
import { insertHousehold } from '../../../../test/factories.ts';

export { insertHousehold } from '../../../../test/factories.ts';

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'Michael',
  'Linda',
  'William',
  'Elizabeth',
  'David',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
];
const LAST_NAMES = [
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Moore',
  'Martin',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
];

/**
 * Households that make the search work for its answer: realistic names that share letters and trigrams
 * with the ones the tests look for, and emails and phones of the same shapes.
 */
export const insertFillerHouseholds = async (db: Db, count: number) => {
  for (let i = 0; i < count; i += 1) {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'James';
    const lastName = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Brown';
    const spouse = FIRST_NAMES[(i + 5) % FIRST_NAMES.length] ?? 'Mary';
    const digits = String(7_000_000 + i * 37).padStart(7, '0');
    await insertHousehold(db, {
      members: [
        {
          firstName,
          lastName,
          emails: [`${firstName}.${lastName}${i}@example.net`.toLowerCase()],
          phones: [`+1312${digits}`],
        },
        { firstName: spouse, lastName, phones: [`+1773${digits}`] },
      ],
    });
  }
};
