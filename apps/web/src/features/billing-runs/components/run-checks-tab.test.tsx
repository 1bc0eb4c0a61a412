import { BILL_CHECK_LABELS, BILL_CHECK_MESSAGES } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import {
  BILL_ID,
  OTHER_BILL_ID,
  RUN_ID,
  billDetailFixture,
  billRowFixture,
  envelope,
  findingFixture,
  runFixture,
  stubApi,
} from '../test-fixtures.ts';
import { BillRunView } from './bill-run-view.tsx';

type Answer = Parameters<typeof stubApi>[0][string];

const OTHER_CLIENT = '7a1c2e3f-5555-4a4a-8b8b-000000000005';

/** Baker, Carl's bill 102 has no debit authority, let through; Adams, Betty's 101 fails two checks. */
const FINDINGS = [
  findingFixture({
    billId: OTHER_BILL_ID,
    billNo: 102,
    clientId: OTHER_CLIENT,
    household: 'Baker, Carl',
    code: 'NO_DEBIT_AUTHORITY',
    message: 'The household has no ACH bank account to debit.',
    override: { reason: 'Paper authority on file', by: 'Grace Lee', at: '2026-07-02T09:00:00.000Z' },
  }),
  findingFixture({
    code: 'PAYER_CLOSED',
    message: 'Betty Adams IRA, which pays the fee, is closed.',
  }),
  findingFixture(),
];

const renderRun = ({
  checks = envelope(200, 'Success', FINDINGS) as Answer,
  routes = {} as Record<string, Answer>,
  tab = 'checks',
  canWrite = true,
  run = runFixture(),
} = {}) => {
  const api = stubApi({
    [`GET /api/bill-runs/${RUN_ID}`]: envelope(200, 'Success', run),
    [`GET /api/bill-runs/${RUN_ID}/bills`]: envelope(200, 'Success', [billRowFixture()], { totalResults: 1 }),
    [`GET /api/bill-runs/${RUN_ID}/checks`]: checks,
    [`GET /api/bills/${BILL_ID}`]: envelope(200, 'Success', billDetailFixture()),
    ...routes,
  });
  const { router } = renderRoutes(
    [
      {
        path: '/billing/billingInstances/:runId',
        element: <BillRunView runId={RUN_ID} canWrite={canWrite} isAdministrator={false} />,
      },
    ],
    [`/billing/billingInstances/${RUN_ID}?tab=${tab}`],
  );
  const search = () => new URLSearchParams(router.state.location.search);
  const posts = () => api.calls.filter((call) => call.method === 'POST');
  return { ...api, search, posts };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Checks tab of a live run', { timeout: 30_000 }, () => {
  it('lists the findings by household, each with its check and either its override or Override', async () => {
    renderRun();
    // The tab counts what still blocks.
    expect(await screen.findByRole('tab', { name: 'Checks, 2 blocking' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const adams = await screen.findByRole('region', { name: 'Adams, Betty' });
    const baker = screen.getByRole('region', { name: 'Baker, Carl' });
    // Adams before Baker, whatever order the server sent them in.
    expect(adams.compareDocumentPosition(baker) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(adams).toHaveTextContent(BILL_CHECK_LABELS.FEE_ABOVE_CASH);
    expect(adams).toHaveTextContent('Betty Adams IRA holds $1,200.00 in cash');
    expect(adams).toHaveTextContent(BILL_CHECK_LABELS.PAYER_CLOSED);
    expect(within(adams).getAllByRole('button', { name: /^Override: / })).toHaveLength(2);
    expect(baker).toHaveTextContent('Overridden by Grace Lee on 07/02/2026: Paper authority on file');
    expect(within(baker).queryByRole('button', { name: /^Override/ })).toBeNull();
    expect(screen.getByText(/2 findings block approval and export/)).toBeInTheDocument();
  });

  it('overrides a finding with a reason the contract checks, and shows the findings the server answers', async () => {
    const user = userEvent.setup();
    const { posts } = renderRun({
      routes: {
        [`POST /api/bills/${BILL_ID}/overrides`]: envelope(200, BILL_CHECK_MESSAGES.overridden, [
          FINDINGS[0],
          FINDINGS[1],
          findingFixture({
            override: { reason: 'Cash sweep on 07/03', by: 'Ada Lovelace', at: '2026-07-02T11:00:00.000Z' },
          }),
        ]),
      },
    });
    const adams = await screen.findByRole('region', { name: 'Adams, Betty' });
    await user.click(
      within(adams).getByRole('button', {
        name: `Override: ${BILL_CHECK_LABELS.FEE_ABOVE_CASH}, bill 101`,
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `Override: ${BILL_CHECK_LABELS.FEE_ABOVE_CASH}`,
    });
    expect(dialog).toHaveTextContent('Let bill 101 of Adams, Betty through this check?');
    // No reason: the contract's message, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Override' }));
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Cash sweep on 07/03');
    await user.click(within(dialog).getByRole('button', { name: 'Override' }));
    expect(await screen.findByText(BILL_CHECK_MESSAGES.overridden)).toBeInTheDocument();
    expect(posts()[0]).toMatchObject({
      url: `/api/bills/${BILL_ID}/overrides`,
      body: { code: 'FEE_ABOVE_CASH', reason: 'Cash sweep on 07/03' },
    });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Adams, Betty' })).toHaveTextContent(
        'Overridden by Ada Lovelace on 07/02/2026: Cash sweep on 07/03',
      ),
    );
    expect(screen.getByRole('tab', { name: 'Checks, 1 blocking' })).toBeInTheDocument();
  });

  it('says so when every bill passes, with no count on the tab', async () => {
    renderRun({ checks: envelope(200, 'Success', []) });
    expect(await screen.findByText('All bills pass the pre-export checks.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Checks' })).toBeInTheDocument();
  });

  it('offers no override to a user who may only read', async () => {
    renderRun({ canWrite: false });
    await screen.findByRole('region', { name: 'Adams, Betty' });
    expect(screen.queryByRole('button', { name: /^Override/ })).toBeNull();
  });

  it('offers no override once the run is exported: its bills cannot change', async () => {
    renderRun({ run: runFixture({ stage: 'EXPORTED' }) });
    await screen.findByRole('region', { name: 'Adams, Betty' });
    expect(screen.queryByRole('button', { name: /^Override/ })).toBeNull();
  });

  it('opens a finding’s bill', async () => {
    const user = userEvent.setup();
    const { search } = renderRun();
    const adams = await screen.findByRole('region', { name: 'Adams, Betty' });
    await user.click(within(adams).getByRole('button', { name: 'Bill 101' }));
    expect(search().get('bill')).toBe(BILL_ID);
    expect(await screen.findByRole('dialog', { name: 'Bill 101: Adams, Betty' })).toBeInTheDocument();
  });

  it('opens the Checks tab when the approval is refused for failing checks', async () => {
    const user = userEvent.setup();
    const { search } = renderRun({
      tab: 'bills',
      routes: {
        [`POST /api/bill-runs/${RUN_ID}/approve`]: envelope(409, BILL_CHECK_MESSAGES.blocked, null),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(BILL_CHECK_MESSAGES.blocked)).toBeInTheDocument();
    await waitFor(() => expect(search().get('tab')).toBe('checks'));
    expect(await screen.findByRole('region', { name: 'Adams, Betty' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Please Confirm?' })).toBeNull();
  });

  it('shows no Checks, Differences or Exports tab on a forecast run', async () => {
    renderRun({ run: runFixture({ kind: 'FORECAST_BILL', stage: null }) });
    expect(await screen.findByRole('table', { name: 'Bills' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Checks/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Exports' })).toBeNull();
  });
});
