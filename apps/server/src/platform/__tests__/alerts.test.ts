import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertRecipients,
  alerts,
  households,
  memberAddresses,
  members,
  recordLinks,
} from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertHousehold, insertUserWithGrants, stateIdByAbbreviation } from '../../../test/factories.ts';

let t: TestContext;
let advisor: string;
let developer: string;

beforeAll(async () => {
  t = await createTestContext();
  advisor = (await insertUserWithGrants(t.db, 'alerts.advisor@centric.local', { alerts: ['read', 'write'] }))
    .userId;
  developer = (await insertUserWithGrants(t.db, 'alerts.developer@centric.local', { alerts: ['read'] }))
    .userId;
});
afterAll(() => t.close());

const service = () => t.app.services.alerts;

const recipientsOf = async (alertId: string) =>
  (
    await t.db
      .select({ userId: alertRecipients.userId, state: alertRecipients.state })
      .from(alertRecipients)
      .where(eq(alertRecipients.alertId, alertId))
  )
    .map((r) => `${r.userId}:${r.state}`)
    .sort();

const alertOf = async (causeKey: string) => {
  const rows = await t.db.select().from(alerts).where(eq(alerts.causeKey, causeKey));
  return rows;
};

const teamHousehold = (name: string) =>
  insertHousehold(t.db, {
    members: [{ firstName: name, lastName: 'Alerted' }],
    advisors: { WEALTH_ADVISOR_1: advisor, BUSINESS_DEVELOPER: developer },
  });

describe('raiseAlert', () => {
  it('is idempotent per cause: raised twice, one alert with the newer message, linked to its household', async () => {
    const { clientId } = await teamHousehold('Idem');
    const draft = {
      category: 'managedAccounts' as const,
      causeKey: `test-idem:${clientId}`,
      message: 'First message',
      record: { kind: 'household' as const, id: clientId },
    };
    const first = await t.db.transaction((tx) => service().raiseAlert(tx, draft));
    const second = await t.db.transaction((tx) =>
      service().raiseAlert(tx, { ...draft, message: 'Second message', details: { n: 2 } }),
    );
    expect(second).toBe(first);
    const rows = await alertOf(draft.causeKey);
    expect(rows.map((r) => [r.message, r.details])).toEqual([['Second message', { n: 2 }]]);
    // Default recipients: the household's advisor team.
    expect(await recipientsOf(first)).toEqual([`${advisor}:ACTIVE`, `${developer}:ACTIVE`].sort());
    const links = await t.db.select().from(recordLinks).where(eq(recordLinks.subjectId, first));
    expect(links.map((l) => [l.subjectKind, l.recordKind, l.recordId])).toEqual([
      ['alert', 'household', clientId],
    ]);
  });

  it('concurrent raises of one cause make one alert', async () => {
    const { clientId } = await teamHousehold('Race');
    const causeKey = `test-race:${clientId}`;
    const ids = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        t.db.transaction((tx) =>
          service().raiseAlert(tx, {
            category: 'liabilities',
            causeKey,
            message: `Raise ${i}`,
            record: { kind: 'household', id: clientId },
          }),
        ),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await alertOf(causeKey)).toHaveLength(1);
    expect(await recipientsOf(ids[0]!)).toHaveLength(2);
  });

  it('adds missing named recipients, and a household without a team goes to its administrators', async () => {
    const { clientId } = await insertHousehold(t.db, {
      members: [{ firstName: 'Lone', lastName: 'Alerted' }],
    });
    const causeKey = `test-admins:${clientId}`;
    const id = await t.db.transaction((tx) =>
      service().raiseAlert(tx, {
        category: 'outsideAssets',
        causeKey,
        message: 'No team',
        record: { kind: 'household', id: clientId },
      }),
    );
    const admins = (
      (await t.db.execute(
        sql`select id from users where role_id = 1 and status = 'ACTIVE' order by id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    expect(admins.length).toBeGreaterThan(0);
    expect(await recipientsOf(id)).toEqual(admins.map((a) => `${a.id}:ACTIVE`).sort());
    await t.db.transaction((tx) =>
      service().raiseAlert(tx, {
        category: 'outsideAssets',
        causeKey,
        message: 'No team',
        recipients: [advisor],
      }),
    );
    expect(await recipientsOf(id)).toEqual(
      [...admins.map((a) => `${a.id}:ACTIVE`), `${advisor}:ACTIVE`].sort(),
    );
  });

  it('resolve takes it off; raised again it is re-opened as new for its recipients', async () => {
    const { clientId } = await teamHousehold('Reopen');
    const causeKey = `test-reopen:${clientId}`;
    const draft = {
      category: 'privateFund' as const,
      causeKey,
      message: 'Again',
      record: { kind: 'household' as const, id: clientId },
    };
    const id = await t.db.transaction((tx) => service().raiseAlert(tx, draft));
    await t.db
      .update(alertRecipients)
      .set({ state: 'DISMISSED' })
      .where(and(eq(alertRecipients.alertId, id), eq(alertRecipients.userId, advisor)));
    const countBefore = await service().activeCount(t.db, developer);
    await t.db.transaction((tx) => service().resolveAlert(tx, causeKey));
    expect((await alertOf(causeKey))[0]?.resolvedAt).not.toBeNull();
    expect(await service().activeCount(t.db, developer)).toBe(countBefore - 1);
    // Raised again unchanged while open: nothing is written.
    const again = await t.db.transaction((tx) => service().raiseAlert(tx, draft));
    expect(again).toBe(id);
    const [row] = await alertOf(causeKey);
    expect(row?.resolvedAt).toBeNull();
    expect(await recipientsOf(id)).toEqual([`${advisor}:ACTIVE`, `${developer}:ACTIVE`].sort());
    expect(await service().activeCount(t.db, developer)).toBe(countBefore);
  });
});

describe('missing information', () => {
  it('lists what is missing per household and member, updates as data comes, and resolves when complete', async () => {
    const { clientId, memberIds } = await insertHousehold(t.db, {
      members: [
        {
          firstName: 'Boris',
          lastName: 'Missing',
          emails: ['boris@missing.test'],
          dateOfBirth: '1970-01-02',
        },
        { firstName: 'Anya', lastName: 'Missing', dateOfBirth: null },
        { firstName: 'Kid', lastName: 'Missing', dateOfBirth: '2015-05-05' },
      ],
      advisors: { WEALTH_ADVISOR_1: advisor },
    });
    const [boris, anya] = memberIds as [string, string, string];
    const check = () => t.db.transaction((tx) => service().checkHouseholdInformation(tx, clientId));
    const causeKey = `missing-info:${clientId}`;
    await check();
    let [row] = await alertOf(causeKey);
    expect(row?.category).toBe('missingInformation');
    expect(row?.message).toBe(
      'Phone, State of residence (household), SSN (Boris), Date of birth (Anya), SSN (Anya)',
    );
    expect(row?.details).toEqual({
      items: [
        { field: 'phone', label: 'Phone', memberId: null, memberName: null },
        {
          field: 'stateOfResidence',
          label: 'State of residence (household)',
          memberId: null,
          memberName: null,
        },
        { field: 'identityNumber', label: 'SSN (Boris)', memberId: boris, memberName: 'Boris' },
        { field: 'dateOfBirth', label: 'Date of birth (Anya)', memberId: anya, memberName: 'Anya' },
        { field: 'identityNumber', label: 'SSN (Anya)', memberId: anya, memberName: 'Anya' },
      ],
    });
    expect(await recipientsOf(row!.id)).toEqual([`${advisor}:ACTIVE`]);

    // A check with nothing changed writes nothing; the sweep (all households) agrees.
    await check();
    await t.app.services.activitySweep.runOnce();
    expect(await alertOf(causeKey)).toEqual([row]);

    await t.db
      .update(members)
      .set({ identityNumberSealed: 'sealed', identityNumberLast4: '1234', dateOfBirth: '1972-03-04' })
      .where(eq(members.householdId, clientId));
    await t.db.insert(memberAddresses).values({
      memberId: boris,
      city: 'Albany',
      stateId: await stateIdByAbbreviation(t.db, 'NY'),
      isPrimary: true,
    });
    await check();
    [row] = await alertOf(causeKey);
    expect(row?.message).toBe('Phone');
    expect(row?.resolvedAt).toBeNull();

    const activeBefore = await service().activeCount(t.db, advisor);
    await t.db.execute(
      sql`insert into member_phones (member_id, phone, type, is_primary) values (${boris}, '+12125550123', 'Mobile', true)`,
    );
    await check();
    [row] = await alertOf(causeKey);
    expect(row?.resolvedAt).not.toBeNull();
    expect(await service().activeCount(t.db, advisor)).toBe(activeBefore - 1);

    // An inactive household is not checked: a raised alert of it is resolved by the sweep.
    await t.db.update(members).set({ dateOfBirth: null }).where(eq(members.id, anya));
    await check();
    expect((await alertOf(causeKey))[0]?.resolvedAt).toBeNull();
    await t.db.update(households).set({ status: 'INACTIVE' }).where(eq(households.id, clientId));
    await t.app.services.activitySweep.runOnce();
    expect((await alertOf(causeKey))[0]?.resolvedAt).not.toBeNull();
  });

  it('names trusts and businesses by their name and asks their TIN', async () => {
    const { clientId } = await insertHousehold(t.db, {
      members: [
        {
          firstName: 'Vera',
          lastName: 'Trustful',
          phones: ['+12125550177'],
          emails: ['vera@trust.test'],
          dateOfBirth: '1960-01-01',
          city: 'Albany',
          stateAbbreviation: 'NY',
        },
        { firstName: 'Trustful Family', lastName: 'Trust', type: 'TRUST', subType: null },
      ],
    });
    await t.db.update(members).set({ identityNumberSealed: 'sealed' }).where(eq(members.firstName, 'Vera'));
    await t.db.transaction((tx) => service().checkHouseholdInformation(tx, clientId));
    const [row] = await alertOf(`missing-info:${clientId}`);
    expect(row?.message).toBe('TIN (Trustful Family Trust)');
  });
});
