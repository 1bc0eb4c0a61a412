import { BILL_RUN_MESSAGES } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import {
  BILL_ID,
  CLIENT_ID,
  RUN_ID,
  billDetailFixture,
  billRowFixture,
  envelope,
  runFixture,
  stubApi,
  unitFixture,
} from '../test-fixtures.ts';
import { BillRunView } from './bill-run-view.tsx';

type Answer = Parameters<typeof stubApi>[0][string];

const OTHER_CLIENT = '7a1c2e3f-5555-4a4a-8b8b-000000000005';

const renderRun = ({
  run = [envelope(200, 'Success', runFixture())] as Answer,
  routes = {} as Record<string, Answer>,
  path = `/billing/billingInstances/${RUN_ID}`,
  canWrite = true,
  isAdministrator = false,
} = {}) => {
  const bills = [billRowFixture()];
  const api = stubApi({
    [`GET /api/bill-runs/${RUN_ID}`]: run,
    [`GET /api/bill-runs/${RUN_ID}/bills`]: envelope(200, 'Success', bills, { totalResults: bills.length }),
    [`GET /api/bill-runs/${RUN_ID}/units`]: (_body, url) => {
      const outcome = new URL(url, 'http://x').searchParams.get('outcome');
      const units = [
        unitFixture(),
        unitFixture({
          clientId: OTHER_CLIENT,
          name: 'Baker, Carl',
          unitNumber: 13,
          outcome: 'SKIPPED',
          reasons: [{ code: 'NO_FEE_SCHEDULE', message: 'An account has no fee schedule.' }],
          billId: null,
          amount: null,
        }),
      ].filter((unit) => !outcome || unit.outcome === outcome);
      return envelope(200, 'Success', units, { totalResults: units.length });
    },
    [`GET /api/bills/${BILL_ID}`]: envelope(200, 'Success', billDetailFixture()),
    ...routes,
  });
  const { router, unmount } = renderRoutes(
    [
      {
        path: '/billing/billingInstances/:runId',
        element: <BillRunView runId={RUN_ID} canWrite={canWrite} isAdministrator={isAdministrator} />,
      },
      { path: '*', element: null },
    ],
    [path],
  );
  const search = () => new URLSearchParams(router.state.location.search);
  const posts = () => api.calls.filter((call) => call.method === 'POST');
  return { ...api, search, posts, unmount };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the bill run page', { timeout: 30_000 }, () => {
  it("shows the run's facts, status and stage, and its bills", async () => {
    renderRun();
    expect(await screen.findByRole('heading', { name: 'Run 12: Live bill' })).toBeInTheDocument();
    expect(screen.getByText('Completed')).toHaveTextContent('Status: Completed');
    expect(screen.getByText('Generated')).toHaveTextContent('Stage: Generated');
    expect(screen.getByText('All units · Quarter, 04/01/2026 – 06/30/2026')).toBeInTheDocument();
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$12,500.00');
    expect(screen.getByText('Created').nextElementSibling).toHaveTextContent('07/01/2026 by Grace Lee');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('link', { name: 'Billing Instances' })).toHaveAttribute(
      'href',
      '/billing/billingInstances',
    );

    const table = await screen.findByRole('table', { name: 'Bills' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('101');
    expect(row).toHaveTextContent('04/01/2026 – 06/30/2026');
    expect(row).toHaveTextContent('$1,000,000.00');
    expect(row).toHaveTextContent('$2,500.00');
    expect(within(row!).getByRole('link', { name: 'Adams, Betty' })).toHaveAttribute(
      'href',
      `/billing/households/${CLIENT_ID}`,
    );
    // A generated live run without failures: Approve is the next step; nothing else.
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Retry failed/ })).toBeNull();
  });

  it('follows a run in progress every second, then shows its failures and offers to retry them', async () => {
    const { calls } = renderRun({
      run: [
        envelope(
          200,
          'Success',
          runFixture({
            status: 'in_progress',
            stage: 'GENERATED',
            bills: 1,
            progress: { done: 1, total: 4, failed: 0 },
          }),
        ),
        envelope(
          200,
          'Success',
          runFixture({
            status: 'in_progress',
            stage: 'GENERATED',
            bills: 2,
            progress: { done: 3, total: 4, failed: 1 },
          }),
        ),
        envelope(
          200,
          'Success',
          runFixture({
            status: 'completed',
            bills: 3,
            progress: { done: 4, total: 4, failed: 1 },
            units: { billed: 3, skipped: 0, alreadyBilled: 0, failed: 1 },
          }),
        ),
      ],
    });
    expect(await screen.findByText('Billing the households…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    // No step while it runs.
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75'), {
      timeout: 3000,
    });
    expect(screen.getByText(/1 failed/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Households done')).toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('button', { name: 'Retry failed (1)' })).toBeInTheDocument();
    expect(screen.getByText(BILL_RUN_MESSAGES.failedGroups)).toBeInTheDocument();
    // Once done, the bills are asked for again (final now) and the run no longer.
    const runCalls = () => calls.filter((call) => call.url === `/api/bill-runs/${RUN_ID}`).length;
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url.startsWith(`/api/bill-runs/${RUN_ID}/bills`)).length,
      ).toBeGreaterThan(1),
    );
    const asked = runCalls();
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(runCalls()).toBe(asked);
  });

  it('approves after confirming, then offers Lock', async () => {
    const user = userEvent.setup();
    const { posts } = renderRun({
      routes: {
        [`POST /api/bill-runs/${RUN_ID}/approve`]: envelope(
          200,
          BILL_RUN_MESSAGES.approved,
          runFixture({
            stage: 'APPROVED',
            approvedBy: { id: 'u1', fullName: 'Grace Lee' },
            approvedAt: '2026-07-02T10:00:00.000Z',
          }),
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(dialog).toHaveTextContent('Approve the 2 bills of Run 12 ($12,500.00)?');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('button', { name: 'Lock' })).toBeInTheDocument();
    expect(posts().map((call) => call.url)).toEqual([`/api/bill-runs/${RUN_ID}/approve`]);
    expect(screen.getByText('Approved', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '07/02/2026 by Grace Lee',
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it("shows the server's refusal in the confirmation, and sends nothing when cancelled", async () => {
    const user = userEvent.setup();
    const { posts } = renderRun({
      routes: {
        [`POST /api/bill-runs/${RUN_ID}/approve`]: envelope(409, BILL_RUN_MESSAGES.failedGroups, null),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(BILL_RUN_MESSAGES.failedGroups)).toBeInTheDocument();
  });

  it('lets only an administrator unlock a locked run, with a reason', async () => {
    const locked = runFixture({
      stage: 'LOCKED',
      lockedBy: { id: 'u1', fullName: 'Grace Lee' },
      lockedAt: '2026-07-03T10:00:00.000Z',
    });
    const { unmount } = renderRun({ run: envelope(200, 'Success', locked) });
    expect(await screen.findByText('Locked', { selector: '[class*="Badge-label"]' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
    unmount();
    vi.unstubAllGlobals();

    const user = userEvent.setup();
    const { posts } = renderRun({
      run: envelope(200, 'Success', locked),
      isAdministrator: true,
      routes: {
        [`POST /api/bill-runs/${RUN_ID}/unlock`]: envelope(
          200,
          BILL_RUN_MESSAGES.unlocked,
          runFixture({ stage: 'APPROVED' }),
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Run 12' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(dialog).findByText(BILL_RUN_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong valuation date');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('button', { name: 'Lock' })).toBeInTheDocument();
    expect(posts()[0]?.body).toEqual({ reason: 'Wrong valuation date' });
  });

  it('opens a bill to its explanation, in words down to the tier line, and voids it with a reason', async () => {
    const user = userEvent.setup();
    const { search, posts } = renderRun({
      routes: {
        [`POST /api/bills/${BILL_ID}/void`]: envelope(
          200,
          BILL_RUN_MESSAGES.voided,
          billDetailFixture({ status: 'VOIDED' }),
        ),
      },
    });
    const table = await screen.findByRole('table', { name: 'Bills' });
    await user.click(within(table).getByRole('button', { name: '101' }));
    expect(search().get('bill')).toBe(BILL_ID);
    const drawer = await screen.findByRole('dialog', { name: 'Bill 101: Adams, Betty' });
    expect(await within(drawer).findByText('$1,000,000.00 at 1.00% = $10,000.00')).toBeInTheDocument();
    expect(drawer).toHaveTextContent(
      'Value on 06/30/2026: $1,037,020.00, less $37,020.00 excluded from the fee',
    );
    expect(drawer).toHaveTextContent('Billed for 91 of 91 days');
    expect(drawer).toHaveTextContent('Pays its own fee');
    expect(drawer).toHaveTextContent('Betty Adams Roth: Billed monthly: another run.');
    const payouts = within(drawer).getByRole('table', { name: 'Payouts' });
    expect(payouts).toHaveTextContent('Olivia Bennett');
    expect(payouts).toHaveTextContent('payment 3 of 8');
    expect(payouts).toHaveTextContent('$2,000.00');
    // Before lock: every step.
    expect(within(drawer).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Pull out' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void bill 101' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Billed twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void bill' }));
    await waitFor(() => expect(within(drawer).getByText('Voided')).toBeInTheDocument());
    expect(posts()[0]).toMatchObject({ url: `/api/bills/${BILL_ID}/void`, body: { reason: 'Billed twice' } });
    expect(within(drawer).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(drawer).toHaveTextContent(BILL_RUN_MESSAGES.alreadyOut);
  });

  it('lists what the run did with each unit and why, narrowed by outcome', async () => {
    const user = userEvent.setup();
    const { search } = renderRun({ path: `/billing/billingInstances/${RUN_ID}?tab=units` });
    const table = await screen.findByRole('table', { name: 'Units' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('An account has no fee schedule.');
    expect(table).toHaveTextContent('U-00013');
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Skipped' }));
    await waitFor(() => expect(search().get('outcome')).toBe('SKIPPED'));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Units' })).getAllByRole('row')).toHaveLength(2),
    );
  });

  it('says so when the run does not exist, and offers to try again when it cannot be loaded', async () => {
    const { unmount } = renderRun({ run: envelope(404, BILL_RUN_MESSAGES.notFound, null) });
    expect(await screen.findByRole('heading', { name: BILL_RUN_MESSAGES.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to bill runs' })).toHaveAttribute(
      'href',
      '/billing/billingInstances',
    );
    unmount();
    vi.unstubAllGlobals();

    renderRun({ run: envelope(500, 'The server had a problem.', null) });
    expect(await screen.findByText('The bill run could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows no step to a user who may only read', async () => {
    renderRun({ canWrite: false });
    await screen.findByRole('heading', { name: 'Run 12: Live bill' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
