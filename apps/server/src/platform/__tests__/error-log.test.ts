import { ROLE_IDS } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { serializeError } from '../error-log.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const EMAIL = 'leaky.lovelace@example.com';
const NAME = 'Leaky Lovelace';

/** What the app's logger writes for a failed statement, logged as the error handler logs it. */
const logged = async (failing: () => Promise<unknown>) => {
  const err = await failing().then(
    () => {
      throw new Error('the statement did not fail');
    },
    (e: unknown) => e,
  );
  const before = t.logs.length;
  t.app.log.error({ err }, 'unexpected error');
  const lines = t.logs.slice(before).join('');
  expect(lines).not.toBe('');
  return { err, line: lines, entry: JSON.parse(lines) as { err: Record<string, unknown> } };
};

describe('failed SQL statements in the log', () => {
  it('a failing insert is logged with its statement and the database error, never its parameters', async () => {
    // NOT NULL: PostgreSQL's detail quotes the whole row ("Failing row contains (…)").
    const { err, line, entry } = await logged(() =>
      t.db.insert(users).values({
        email: EMAIL,
        fullName: NAME,
        roleId: ROLE_IDS.wealthAdvisor,
        status: null as unknown as 'ACTIVE',
      }),
    );
    // The error itself holds them (drizzle's message, the driver's detail) …
    expect(JSON.stringify({ message: (err as Error).message, cause: (err as Error).cause })).toContain(EMAIL);
    // … the log line does not.
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain(NAME);
    expect(line).not.toContain('params');
    expect(entry.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(entry.err.query).toMatch(/^insert into "users"/);
    expect(entry.err.db).toMatchObject({ code: '23502', table: 'users', column: 'status' });
    expect(String(entry.err.stack)).toMatch(/\n\s+at /);
  });

  it('a unique violation leaves out the duplicate value', async () => {
    await t.db.insert(users).values({ email: EMAIL, fullName: NAME, roleId: ROLE_IDS.wealthAdvisor });
    const { line, entry } = await logged(() =>
      t.db
        .insert(users)
        .values({ email: EMAIL.toUpperCase(), fullName: NAME, roleId: ROLE_IDS.wealthAdvisor }),
    );
    expect(line.toLowerCase()).not.toContain(EMAIL);
    expect(line).not.toContain(NAME);
    expect(entry.err.db).toMatchObject({ code: '23505', constraint: 'users_email_lower_idx' });
  });

  it("a data exception's message is logged with the value it quotes masked", async () => {
    const { line, entry } = await logged(() => t.db.execute(sql`select ${NAME}::uuid`));
    expect(line).not.toContain(NAME);
    expect(entry.err.db).toMatchObject({ code: '22P02', message: expect.stringContaining('[redacted]') });
  });

  it('other errors are logged as pino logs them', () => {
    const err = Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    expect(serializeError(err)).toMatchObject({ type: 'Error', message: 'disk full', code: 'ENOSPC' });
  });
});
