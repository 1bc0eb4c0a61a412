import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCheckpointFileOf, auditKeyOf } from '../../../config.ts';
import { rowsOf } from '../../../db/client.ts';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { products } from '../../../db/schema/index.ts';
import { fileCheckpointStore, verifyAuditTrail } from '../../../platform/audit-checkpoints.ts';
import {
  FEE_CEILING,
  feeScheduleInput,
  insertHousehold,
  openAccountThroughApi,
  userIdByEmail,
} from '../../../../test/factories.ts';
import {
  createTestContext,
  REPO_ROOT,
  testDatabaseKind,
  type TestContext,
} from '../../../../test/harness.ts';

// Issue 15 §4: a live bill run survives its runner being killed. A firm of 48 households is billed once
// without faults (the reference), its bills voided; then the same period is billed live by a job runner in a
// child process that is killed (SIGKILL, no chance to give its job back) at a random moment of the run 10
// times, a new runner started each time. The run must complete with exactly the reference's bills, to the
// cent, each group billed once, and the audit chain must verify. PostgreSQL only (PGlite is one process).
// The random choices (the firm and the moments) come from one seed, printed when the test fails;
// BILL_RUN_FAULT_SEED replays one.

const HOUSEHOLDS = 48;
const KILLS = 10;
/** Groups a step bills here: one, so a run has many steps and a kill lands between or inside them. */
const STEP = 1;
/** The runner's job lease here (5 minutes in the app): a restarted runner resumes after it. */
const LEASE_MS = 400;
const RUNNER = path.join(import.meta.dirname, 'bill-run-fault-runner.ts');
const Q2 = { period: 'QUARTERLY', periodStart: '2026-04-01' } as const;

/** mulberry32: a small seeded PRNG, so a failing firm and its kill moments can be made again. */
const seededRandom = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
};

type BillFigures = {
  households: string[];
  total: string;
  bills: Map<string, string>;
  lines: Map<string, string>;
  payouts: Map<string, string>;
  units: Map<string, string>;
};

describe.runIf(testDatabaseKind() === 'postgres')('a live bill run whose runner is killed', () => {
  const seed = Number(process.env.BILL_RUN_FAULT_SEED ?? randomInt(2 ** 31));
  const random = seededRandom(seed);
  const chance = (p: number) => random() < p;
  let t: TestContext;
  let admin = '';
  let databaseUrl = '';
  const children = new Set<ChildProcess>();

  const ok = (res: { status: number; body: { message: string } }, status = 200) => {
    expect(res.status, res.body.message).toBe(status);
  };

  beforeAll(async () => {
    t = await createTestContext();
    admin = (await t.signIn()).token;
    const [db] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${db!.name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t?.close();
  });

  /** The firm: households of 1–3 accounts on two schedules, flows, exclusions, payouts and linked payers. */
  const buildFirm = async () => {
    const advisor1 = await userIdByEmail(t.db, DEMO_USERS[1].email);
    const advisor2 = await userIdByEmail(t.db, DEMO_USERS[2].email);
    const schedules: string[] = [];
    for (const input of [
      feeScheduleInput({
        name: 'Faults Flat 1%',
        structure: 'LINEAR',
        tiers: [{ minimum: '0', maximum: FEE_CEILING, rate: '100' }],
      }),
      feeScheduleInput({ name: 'Faults Tiered' }),
    ]) {
      const res = await t.json('POST', '/api/fee-schedules', input, admin);
      ok(res, 201);
      schedules.push(res.body.result.id);
    }
    const [cash, fund] = await t.db
      .insert(products)
      .values([
        { name: 'Faults Cash', symbol: 'FLTCASH', productType: 'CASH' },
        { name: 'Faults Money Fund', symbol: 'FLTFUND', productType: 'CASH' },
      ])
      .returning({ id: products.id });
    const hold = async (accountId: string, asOf: string, positions: [string, number][]) =>
      ok(
        await t.json(
          'PUT',
          `/api/accounts/${accountId}/holdings/${asOf}`,
          {
            positions: positions.map(([productId, quantity]) => ({ productId, quantity: String(quantity) })),
          },
          admin,
        ),
      );
    const dollars = () => 50_000 + Math.floor(random() * 3_000_000);
    const day = (from: number, days: number) =>
      new Date(Date.UTC(2026, 3, from + Math.floor(random() * days))).toISOString().slice(0, 10);

    const firm: { clientId: string; accounts: string[]; payers: string[] }[] = [];
    for (let i = 0; i < HOUSEHOLDS; i += 1) {
      const name = `Fault${String(i).padStart(2, '0')}`;
      const h = await insertHousehold(t.db, { name, members: [{ firstName: name, lastName: 'Unit' }] });
      const accounts: string[] = [];
      // The accounts that pay their own fee: only they may pay for others.
      const payers: string[] = [];
      const count = 1 + Math.floor(random() * 3);
      for (let j = 0; j < count; j += 1) {
        const accountId = await openAccountThroughApi(t, {
          clientId: h.clientId,
          memberId: h.memberIds[0]!,
          registrationName: `${name} Account ${j + 1}`,
          token: admin,
        });
        const advance = chance(0.15);
        const withFund = chance(0.2);
        await hold(accountId, '2026-06-30', [
          [cash!.id, dollars()],
          ...(withFund ? [[fund!.id, dollars()] as [string, number]] : []),
        ]);
        if (advance) await hold(accountId, '2026-03-31', [[cash!.id, dollars()]]);
        // The fee paid by the account itself, by the household's first account, or by an account of an
        // earlier household (which links the two into one billing group).
        const paying = firm.filter((f) => f.payers.length > 0);
        const elsewhere =
          paying.length > 0 && chance(0.12) ? paying[Math.floor(random() * paying.length)] : null;
        const payer = elsewhere
          ? elsewhere.payers[0]!
          : payers.length > 0 && chance(0.3)
            ? payers[0]!
            : accountId;
        if (payer === accountId) payers.push(accountId);
        ok(
          await t.json(
            'PUT',
            `/api/billing/accounts/${accountId}/billing`,
            {
              feeScheduleId: schedules[Math.floor(random() * schedules.length)],
              payMethod: 'INDIRECT',
              frequency: 'QUARTERLY',
              timing: advance ? 'ADVANCE' : 'ARREARS',
              startDate: chance(0.15) ? day(1, 80) : '2026-01-01',
              feePayingAccountId: payer,
            },
            admin,
          ),
        );
        if (!advance && chance(0.3)) {
          const amount = Math.floor(random() * 400_000) - 150_000;
          ok(
            await t.json(
              'POST',
              '/api/billing/cashflows',
              {
                accountId,
                date: day(1, 90),
                amount: String(amount === 0 ? 1000 : amount),
                reason: 'Fault test flow',
              },
              admin,
            ),
            201,
          );
        }
        if (withFund && chance(0.5)) {
          ok(
            await t.json(
              'POST',
              `/api/billing/households/${h.clientId}/exclusions`,
              {
                kind: 'HOLDING',
                accountId,
                productId: fund!.id,
                percent: null,
                appliesTo: chance(0.5) ? 'FEE' : 'BOTH',
                reason: 'Held away',
                startDate: '2026-01-01',
                endDate: null,
              },
              admin,
            ),
            201,
          );
        }
        accounts.push(accountId);
      }
      if (chance(0.2)) {
        ok(
          await t.json(
            'POST',
            `/api/billing/households/${h.clientId}/exclusions`,
            {
              kind: 'PERCENT',
              accountId: accounts[0],
              productId: null,
              percent: String(5 + Math.floor(random() * 30)),
              appliesTo: 'PAYOUT',
              reason: 'Legacy share',
              startDate: '2026-01-01',
              endDate: null,
            },
            admin,
          ),
          201,
        );
      }
      if (chance(0.35)) {
        const split = chance(0.5);
        for (const [type, payeeId, percent] of split
          ? ([
              ['WEALTH_ADVISOR_1', advisor1, '80'],
              ['WEALTH_ADVISOR_2', advisor2, '20'],
            ] as const)
          : ([['WEALTH_ADVISOR_1', advisor1, '100']] as const)) {
          ok(
            await t.json(
              'POST',
              `/api/billing/households/${h.clientId}/payout-blocks`,
              {
                type,
                payeeId,
                payoutPercentage: percent,
                creditTo: '100',
                startDate: '2026-01-01',
                payoutBlockPaymentType: 'Forever',
                numberOfPayments: null,
              },
              admin,
            ),
            201,
          );
        }
      }
      firm.push({ clientId: h.clientId, accounts, payers });
    }
    // An account's fee split with an account of another household (an account payee: another link).
    const [a, b] = firm.filter((f) => f.payers.length > 0).slice(-2) as [(typeof firm)[0], (typeof firm)[0]];
    ok(
      await t.json(
        'PUT',
        `/api/billing/accounts/${a.payers[0]}/payees`,
        {
          payees: [
            { accountId: a.payers[0], payPercent: '60' },
            { accountId: b.payers[0], payPercent: '40' },
          ],
        },
        admin,
      ),
    );
    return firm;
  };

  const figuresOf = async (runId: string): Promise<BillFigures> => {
    const bills = rowsOf<{ householdId: string; amount: string }>(
      await t.db.execute(sql`select household_id as "householdId", amount::text as amount from bills
        where run_id = ${runId}::uuid order by household_id`),
    );
    const lines = rowsOf<{ key: string; amount: string }>(
      await t.db
        .execute(sql`select b.household_id || ' ' || a.account_id || ' ' || a.paid_by_account_id as key,
          a.amount::text || ' on ' || a.billable_value::text as amount
        from bills b join bill_accounts a on a.bill_id = b.id where b.run_id = ${runId}::uuid`),
    );
    const payouts = rowsOf<{ key: string; amount: string }>(
      await t.db.execute(sql`select b.household_id || ' ' || p.seq as key,
          p.type || ' ' || coalesce(p.account_id::text, '-') || ' ' || p.amount::text as amount
        from bills b join bill_payouts p on p.bill_id = b.id where b.run_id = ${runId}::uuid`),
    );
    const units = rowsOf<{ householdId: string; outcome: string }>(
      await t.db.execute(sql`select household_id as "householdId", outcome || ' ' || reasons::text as outcome
        from bill_run_units where run_id = ${runId}::uuid`),
    );
    const [sum] = rowsOf<{ total: string }>(
      await t.db.execute(
        sql`select coalesce(sum(amount), 0)::text as total from bills where run_id = ${runId}::uuid`,
      ),
    );
    return {
      households: bills.map((b) => b.householdId),
      total: sum!.total,
      bills: new Map(bills.map((b) => [b.householdId, b.amount])),
      lines: new Map(lines.map((l) => [l.key, l.amount])),
      payouts: new Map(payouts.map((p) => [p.key, p.amount])),
      units: new Map(units.map((u) => [u.householdId, u.outcome])),
    };
  };

  const runState = async (runId: string) => {
    const [row] = rowsOf<{ status: string; pending: number; groups: number }>(
      await t.db.execute(sql`select r.status,
          (select count(*)::int from bill_run_groups g where g.run_id = r.id and g.status = 'PENDING') as pending,
          (select count(*)::int from bill_run_groups g where g.run_id = r.id) as groups
        from bill_runs r where r.id = ${runId}::uuid`),
    );
    return row!;
  };

  /**
   * A runner process on the run, loaded and waiting (`ready`) until `go()`; `step(n)` resolves at the start of
   * its n-th step (or 'finished' when the run closes or the process ends first), `ended` when it exits.
   */
  const startRunner = (runId: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        AUDIT_KEY: auditKeyOf(t.config).toString('hex'),
        BILL_RUN_ID: runId,
        LEASE_MS: String(LEASE_MS),
        BILL_RUN_STEP: String(STEP),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.add(child);
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    let steps = 0;
    let finished = false;
    const waiters: { n: number; resolve: (what: 'step' | 'finished') => void }[] = [];
    const settle = () => {
      for (const w of waiters.splice(0)) {
        if (finished) w.resolve('finished');
        else if (steps >= w.n) w.resolve('step');
        else waiters.push(w);
      }
    };
    let onReady = () => {};
    const ready = new Promise<void>((resolve) => (onReady = resolve));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'ready') onReady();
      if (line === 'step') steps += 1;
      if (line === 'finished') finished = true;
      settle();
    });
    const ended = new Promise<{ code: number | null; signal: string | null; errors: string }>((resolve) =>
      child.on('exit', (code, signal) => {
        children.delete(child);
        finished = true;
        onReady();
        settle();
        resolve({ code, signal, errors });
      }),
    );
    return {
      child,
      ready,
      ended,
      go: () => child.stdin!.write('go\n'),
      step: (n: number) =>
        new Promise<'step' | 'finished'>((resolve) => {
          waiters.push({ n, resolve });
          settle();
        }),
    };
  };

  it('completes with exactly the bills of a run without faults, each group billed once, the audit chain whole', async () => {
    try {
      await buildFirm();

      // The reference: the same period billed live by the app's own runner, without faults, then voided.
      let started = performance.now();
      const clean = await t.json(
        'POST',
        '/api/bill-runs',
        { ...Q2, kind: 'LIVE_BILL', scope: 'ALL_UNITS' },
        admin,
      );
      ok(clean, 201);
      await t.app.services.jobs.drain();
      const cleanMs = performance.now() - started;
      const reference = await figuresOf(clean.body.result.id);
      const cleanState = await runState(clean.body.result.id);
      expect(cleanState.status).toBe('completed');
      expect(reference.households.length).toBeGreaterThan(HOUSEHOLDS / 2);
      expect([...reference.units.values()].filter((u) => u.startsWith('BILLED'))).toHaveLength(
        reference.households.length,
      );
      const cleanBills = rowsOf<{ id: string }>(
        await t.db.execute(sql`select id from bills where run_id = ${clean.body.result.id}::uuid`),
      );
      for (const { id } of cleanBills) {
        ok(await t.json('POST', `/api/bills/${id}/void`, { reason: 'Fault test reference' }, admin));
      }

      // The live run, billed by runners in child processes only (the app's runner is stopped).
      await t.app.services.jobs.stop();
      const live = await t.json(
        'POST',
        '/api/bill-runs',
        { ...Q2, kind: 'LIVE_BILL', scope: 'ALL_UNITS' },
        admin,
      );
      ok(live, 201);
      const runId = live.body.result.id as string;
      const { groups } = await runState(runId);
      // A step's time in the reference run: each kill falls at random in the first, second or third step the
      // runner starts, or just after it (a step in a new process is slower than in the warm app). The next runner is loaded meanwhile (a standby instance), and resumes once the killed
      // one's lease has run out.
      const stepMs = Math.max((cleanMs / groups) * STEP, 5);
      const kills: { step: number; delayMs: number; pendingAt: number; pendingAfter: number }[] = [];
      started = performance.now();
      let runner = startRunner(runId);
      await runner.ready;
      for (let kill = 0; kill < KILLS; kill += 1) {
        // While steps are plenty, up to two committed before the kill; when they run short, at most one, so
        // that every kill falls while the run is going on.
        const stepsLeft = Math.ceil((await runState(runId)).pending / STEP);
        const roomy = stepsLeft > (KILLS - kill) * 2;
        runner.go();
        const next = startRunner(runId);
        const step = roomy ? 1 + Math.floor(random() * 3) : 1;
        const delayMs = Math.floor(random() * stepMs * (roomy ? 3 : 1));
        if ((await runner.step(step)) === 'finished') break;
        const { pending: pendingAt } = await runState(runId);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        runner.child.kill('SIGKILL');
        const exit = await runner.ended;
        expect(exit.errors).toBe('');
        kills.push({ step, delayMs, pendingAt, pendingAfter: (await runState(runId)).pending });
        await next.ready;
        runner = next;
      }
      runner.go();
      const exit = await runner.ended;
      expect(exit, exit.errors).toMatchObject({ code: 0, errors: '' });
      const faultsMs = performance.now() - started;
      console.log(
        `bill-run-faults seed ${seed}: ${groups} groups, reference ${cleanMs.toFixed(0)} ms; ${kills.length} kills ` +
          `(step + delay ms: groups pending then → after: ${kills.map((k) => `${k.step}+${k.delayMs}: ${k.pendingAt}→${k.pendingAfter}`).join(', ')}); ` +
          `${faultsMs.toFixed(0)} ms with the restarts`,
      );
      // The kills landed while the run was going on (else they proved nothing).
      expect(kills.length).toBe(KILLS);
      expect(kills.filter((k) => k.pendingAfter > 0).length).toBeGreaterThanOrEqual(KILLS / 2);

      const after = await runState(runId);
      expect(after).toMatchObject({ status: 'completed', pending: 0 });
      // Each group committed once (its attempts count only in the step that commits it).
      const groupRows = rowsOf<{ status: string; attempts: number }>(
        await t.db.execute(sql`select status, attempts from bill_run_groups where run_id = ${runId}::uuid`),
      );
      expect(groupRows.every((g) => g.status === 'DONE' && g.attempts === 1)).toBe(true);
      const [dupes] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from (select household_id from bills
          where run_id = ${runId}::uuid group by household_id having count(*) > 1) d`),
      );
      expect(dupes!.n).toBe(0);
      const faulted = await figuresOf(runId);
      expect(faulted.households).toEqual(reference.households);
      expect(faulted.total).toBe(reference.total);
      expect(faulted.bills).toEqual(reference.bills);
      expect(faulted.lines).toEqual(reference.lines);
      expect(faulted.payouts).toEqual(reference.payouts);
      expect(faulted.units).toEqual(reference.units);

      const verdict = await verifyAuditTrail(t.db, {
        key: auditKeyOf(t.config),
        store: fileCheckpointStore(auditCheckpointFileOf(t.config)),
      });
      expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
    } catch (error) {
      console.error(`bill-run-faults failed with seed ${seed} (BILL_RUN_FAULT_SEED=${seed} replays it)`);
      throw error;
    }
    // Each kill loads a runner in a new process (tsx, the app's modules): on 2 cores busy with the rest of the
    // suite that took up to a minute in all, so it gets two.
  }, 120_000);
});
