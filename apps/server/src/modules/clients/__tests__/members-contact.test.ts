import { CLIENT_API_MESSAGES as A, CLIENT_MESSAGES as M } from '@centric/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPhones } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../../test/harness.ts';
import { dbRefusalOf } from '../../../platform/pg-errors.ts';
import { expectFieldError, freshPhone, normalized, openKit, type OpenKit } from './members-kit.ts';

/** The contact step (phones, emails, addresses) and the phone availability check. */

let t: TestContext;
let k: OpenKit<'businessDeveloper'>;

beforeAll(async () => {
  k = await openKit('businessDeveloper');
  t = k.t;
});
afterAll(() => t.close());

type H = { clientId: string; memberId: string };
const contact = (h: H, over: Record<string, unknown>) =>
  k.step(h.clientId, h.memberId, 'contact', k.contact(over));
const childContact = (h: H, childId: string, over: Record<string, unknown>, subType = 'CHILD_OF_BOTH') =>
  k.step(h.clientId, childId, 'contact', {
    type: 'PERSON',
    subType,
    phoneNumbers: [],
    emailAddresses: [],
    addresses: [],
    ...over,
  });
const phone = (value: string, isPrimary = true, extra: Record<string, unknown> = {}) => ({
  phone: value,
  type: 'Mobile',
  isPrimary,
  ...extra,
});
const email = (value: string, isPrimary = true) => ({ email: value, type: 'Work', isPrimary });

let h: H;
let child: { id: string };
beforeAll(async () => {
  h = await k.createHousehold();
  child = await k.addMember(h.clientId);
});

describe('phones', () => {
  it('saves a complete contact step, normalised, in the order sent', async () => {
    const a = freshPhone();
    const b = freshPhone();
    const res = await contact(h, {
      phoneNumbers: [phone(`(${a.slice(0, 3)}) ${a.slice(3, 6)}-${a.slice(6)}`, false), phone(`1${b}`, true)],
      emailAddresses: [email('second@example.com', false), email('Ada@Example.com', true)],
      addresses: [
        { addressLine1: '9 Side St', city: 'Salem', stateId: k.ids.state2, zip: '1970', type: 'Vacation' },
        {
          addressLine1: '1 Main St',
          city: 'Boston',
          stateId: k.ids.state,
          zip: '02110',
          type: 'Home',
          isPrimary: true,
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.result;
    expect(r.phoneNumbers.map((p: { phone: string }) => p.phone)).toEqual([normalized(a), normalized(b)]);
    expect(r.phoneNumbers[1]).toMatchObject({ isPrimary: true, linkedToPrimary: false, type: 'Mobile' });
    expect(r.emailAddresses.map((e: { email: string }) => e.email)).toEqual([
      'second@example.com',
      'Ada@Example.com',
    ]);
    expect(r.addresses[0]).toMatchObject({
      city: 'Salem',
      zip: '1970',
      isPrimary: false,
      stateId: k.ids.state2,
    });
    expect(r.addresses[1].state).toMatchObject({ id: k.ids.state });
    expect(r.completedSteps).toBe(3);
    const rows = await t.db.select().from(memberPhones).where(eq(memberPhones.memberId, h.memberId));
    expect(rows.map((p) => [p.phone, p.position]).sort()).toEqual(
      [
        [normalized(a), 0],
        [normalized(b), 1],
      ].sort(),
    );
  });

  it.each(['12345', '212555012', '22125550123', '212-555-01234', 'phone'])(
    '%s is not a phone',
    async (value) => {
      expectFieldError(
        await contact(h, { phoneNumbers: [phone(value)] }),
        M.phoneInvalid,
        'phoneNumbers.0.phone',
      );
    },
  );

  it('refuses the same number twice in the list', async () => {
    const a = freshPhone();
    expectFieldError(
      await contact(h, { phoneNumbers: [phone(a), phone(`+1 ${a}`, false)] }),
      M.phoneDuplicate,
      'phoneNumbers.1.phone',
    );
  });

  it('needs a type when a phone is entered', async () => {
    expectFieldError(
      await contact(h, { phoneNumbers: [{ phone: freshPhone(), isPrimary: true }] }),
      M.required,
      'phoneNumbers.0.type',
    );
  });

  it('the primary member needs one primary phone; others need none', async () => {
    expectFieldError(await contact(h, { phoneNumbers: [] }), M.phonePrimaryRequired, 'phoneNumbers');
    expectFieldError(
      await contact(h, { phoneNumbers: [phone(freshPhone(), false)] }),
      M.phonePrimaryRequired,
      'phoneNumbers',
    );
    expectFieldError(
      await contact(h, { phoneNumbers: [phone(freshPhone()), phone(freshPhone())] }),
      M.phoneOnePrimary,
      'phoneNumbers.1.isPrimary',
    );
    expect((await childContact(h, child.id, {})).status).toBe(200);
  });

  it("'This phone number is already in use.' when another member holds it", async () => {
    const taken = freshPhone();
    expect((await contact(h, { phoneNumbers: [phone(taken)] })).status).toBe(200);
    const other = await k.createHousehold({ firstName: 'Other' });
    const res = await contact(other, { phoneNumbers: [phone(freshPhone(), false), phone(taken)] });
    expectFieldError(res, M.phoneInUse, 'phoneNumbers.1.phone');
    // Same household, another member: in use too.
    expectFieldError(
      await childContact(h, child.id, { phoneNumbers: [phone(taken)] }),
      M.phoneInUse,
      'phoneNumbers.0.phone',
    );
  });

  it('is skipped when the entry is linked to the primary, or unchanged', async () => {
    const shared = freshPhone();
    expect((await contact(h, { phoneNumbers: [phone(shared)] })).status).toBe(200);
    const linked = await childContact(h, child.id, {
      phoneNumbers: [phone(shared, true, { linkedToPrimary: true })],
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.result.phoneNumbers[0]).toMatchObject({
      phone: normalized(shared),
      linkedToPrimary: true,
    });
    // Saving the primary's own number again is no conflict.
    const again = await contact(h, { phoneNumbers: [phone(shared)] });
    expect(again.status).toBe(200);
  });

  it('two members saving the same number at once: one wins, the other gets the in-use message', async () => {
    const contested = freshPhone();
    const one = await k.createHousehold({ firstName: 'One' });
    const two = await k.createHousehold({ firstName: 'Two' });
    const results = await Promise.all([
      contact(one, { phoneNumbers: [phone(contested)] }),
      contact(two, { phoneNumbers: [phone(contested)] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = results.find((r) => r.status === 400);
    expect(refused?.body.errors).toEqual([{ field: 'phoneNumbers.0.phone', message: M.phoneInUse }]);
  });

  it('the database refuses a second holder by the index the service maps to the in-use message', async () => {
    const value = normalized(freshPhone());
    await t.db.insert(memberPhones).values({ memberId: h.memberId, phone: value, type: 'Home' });
    const err = await t.db
      .insert(memberPhones)
      .values({ memberId: child.id, phone: value, type: 'Home' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(dbRefusalOf(err)).toEqual({ kind: 'unique', constraint: 'member_phones_in_use_idx' });
    expect(dbRefusalOf(new Error('other'))).toBeNull();
    await t.db.delete(memberPhones).where(eq(memberPhones.phone, value));
  });

  it('replaces the list: numbers removed are free again', async () => {
    const first = freshPhone();
    const other = await k.createHousehold({ firstName: 'Freed' });
    await contact(other, { phoneNumbers: [phone(first)] });
    await contact(other, { phoneNumbers: [phone(freshPhone())] });
    expect((await contact(h, { phoneNumbers: [phone(first)] })).status).toBe(200);
  });
});

describe('emails', () => {
  it.each([
    ['not-an-email', M.emailInvalid],
    ['a b@example.com', M.emailInvalid],
    [`${'a'.repeat(250)}@x.com`, M.emailMax],
  ])('%s → %s', async (value, message) => {
    expectFieldError(await contact(h, { emailAddresses: [email(value)] }), message, 'emailAddresses.0.email');
  });

  it('refuses duplicates (any case) and needs exactly one primary', async () => {
    expectFieldError(
      await contact(h, { emailAddresses: [email('x@example.com'), email('X@Example.com', false)] }),
      M.emailDuplicate,
      'emailAddresses.1.email',
    );
    expectFieldError(
      await contact(h, { emailAddresses: [email('x@example.com', false)] }),
      M.emailPrimaryRequired,
      'emailAddresses',
    );
    expectFieldError(
      await contact(h, { emailAddresses: [email('x@example.com'), email('y@example.com')] }),
      M.emailOnePrimary,
      'emailAddresses.1.isPrimary',
    );
  });

  it('primary and secondary members need an email; a child does not', async () => {
    expectFieldError(await contact(h, { emailAddresses: [] }), M.emailPrimaryRequired, 'emailAddresses');
    const secondary = await k.addMember(h.clientId, { subType: 'SECONDARY', firstName: 'Sec' });
    expectFieldError(
      await childContact(h, secondary.id, {}, 'SECONDARY'),
      M.emailPrimaryRequired,
      'emailAddresses',
    );
    const ok = await childContact(
      h,
      secondary.id,
      { emailAddresses: [email('sec@example.com')] },
      'SECONDARY',
    );
    expect(ok.status).toBe(200);
    expect((await childContact(h, child.id, { emailAddresses: [] })).status).toBe(200);
  });

  it('an email at 255 characters is accepted', async () => {
    const value = `${'a'.repeat(243)}@example.com`;
    expect(value).toHaveLength(255);
    const res = await contact(h, { emailAddresses: [email(value)] });
    expect(res.status).toBe(200);
    expect(res.body.result.emailAddresses[0].email).toBe(value);
  });
});

describe('addresses', () => {
  const address = (over: Record<string, unknown> = {}) => ({
    addressLine1: '1 Main St',
    city: 'Boston',
    stateId: k.ids.state,
    zip: '02110',
    type: 'Home',
    isPrimary: true,
    ...over,
  });

  it('the primary member needs an address with line 1, city and state', async () => {
    expectFieldError(await contact(h, { addresses: [] }), M.addressRequiredForPrimary, 'addresses');
    const blank = await contact(h, { addresses: [{ addressLine1: '', city: '', isPrimary: true }] });
    expectFieldError(blank, M.required, 'addresses.0.addressLine1');
    expect(blank.body.errors).toContainEqual({ field: 'addresses.0.city', message: M.required });
    expect(blank.body.errors).toContainEqual({ field: 'addresses.0.stateId', message: M.required });
  });

  it('other members: any filled field makes line 1, city and state required', async () => {
    const res = await childContact(h, child.id, { addresses: [{ city: 'Boston', isPrimary: true }] });
    expectFieldError(res, M.required, 'addresses.0.addressLine1');
    expect(res.body.errors).toContainEqual({ field: 'addresses.0.stateId', message: M.required });
    expect((await childContact(h, child.id, { addresses: [{ type: 'Home' }] })).status).toBe(200);
  });

  it.each([
    ['zip', '123', M.zipInvalid],
    ['zip', '123456', M.zipInvalid],
    ['zip', '12a45', M.zipInvalid],
    ['addressLine1', 'x'.repeat(51), M.addressLineMax],
    ['addressLine2', 'x'.repeat(51), M.addressLineMax],
    ['city', 'x'.repeat(31), M.cityMax],
    ['country', 'x'.repeat(51), M.countryMax],
    ['stateId', 0, M.invalidOption],
  ])('%s %j → %s', async (field, value, message) => {
    expectFieldError(
      await contact(h, { addresses: [address({ [field]: value })] }),
      message,
      `addresses.0.${field}`,
    );
  });

  it('the state must come from the states list', async () => {
    expectFieldError(
      await contact(h, { addresses: [address({ stateId: k.ids.gender })] }),
      M.invalidOption,
      'addresses.0.stateId',
    );
  });

  it('exactly one primary address', async () => {
    expectFieldError(
      await contact(h, { addresses: [address(), address({ addressLine1: '2 Side St' })] }),
      M.addressOnePrimary,
      'addresses.1.isPrimary',
    );
    expectFieldError(
      await contact(h, { addresses: [address({ isPrimary: false })] }),
      M.addressPrimaryRequired,
      'addresses',
    );
  });
});

describe('GET /api/clients/phone-availability', () => {
  const check = (query: string, token = k.token) =>
    t.json('GET', `/api/clients/phone-availability?${query}`, undefined, token);

  it('says whether a number is free, ignoring the member being edited and linked entries', async () => {
    const held = freshPhone();
    await contact(h, { phoneNumbers: [phone(held)] });

    const taken = await check(
      `phone=${encodeURIComponent(`+1 (${held.slice(0, 3)}) ${held.slice(3, 6)}-${held.slice(6)}`)}`,
    );
    expect(taken.status).toBe(200);
    expect(taken.body.result).toEqual({ available: false, message: M.phoneInUse });

    const own = await check(`phone=${held}&memberId=${h.memberId}`);
    expect(own.body.result).toEqual({ available: true, message: A.phoneAvailable });

    const free = await check(`phone=${freshPhone()}`, k.tokens.businessDeveloper);
    expect(free.status).toBe(200);
    expect(free.body.result).toEqual({ available: true, message: A.phoneAvailable });

    // A number only held linked to a primary is not "in use".
    const linkedOnly = freshPhone();
    await t.db.insert(memberPhones).values({
      memberId: child.id,
      phone: normalized(linkedOnly),
      type: 'Home',
      linkedToPrimary: true,
    });
    expect((await check(`phone=${linkedOnly}`)).body.result.available).toBe(true);
  });

  it('refuses an invalid phone with 400, and needs a signed-in user', async () => {
    const bad = await check('phone=12345');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(M.phoneInvalid);
    expect((await check('')).status).toBe(400);
    expect((await check(`phone=${freshPhone()}&memberId=nope`)).status).toBe(400);
    expect((await t.json('GET', `/api/clients/phone-availability?phone=${freshPhone()}`)).status).toBe(401);
  });
});
