import { BILL_RUN_MESSAGES, COLLECTION_MESSAGES } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import {
  BILL_ID,
  RUN_ID,
  billDetailFixture,
  billRowFixture,
  collectionFixture,
  envelope,
  fileAnswer,
  runFixture,
  stubApi,
  stubDownloads,
} from '../test-fixtures.ts';
import { BillRunView } from './bill-run-view.tsx';

type Answer = Parameters<typeof stubApi>[0][string];

const EXPORTED = billDetailFixture({ status: 'EXPORTED', balance: '1500.00' });

const renderBill = ({
  bill = [envelope(200, 'Success', EXPORTED)] as Answer,
  routes = {} as Record<string, Answer>,
  canWrite = true,
} = {}) => {
  const api = stubApi({
    [`GET /api/bill-runs/${RUN_ID}`]: envelope(200, 'Success', runFixture({ stage: 'EXPORTED' })),
    [`GET /api/bill-runs/${RUN_ID}/bills`]: envelope(200, 'Success', [billRowFixture()], { totalResults: 1 }),
    [`GET /api/bill-runs/${RUN_ID}/checks`]: envelope(200, 'Success', []),
    [`GET /api/bills/${BILL_ID}`]: bill,
    [`GET /api/bills/${BILL_ID}/collections`]: envelope(200, 'Success', [collectionFixture()]),
    [`GET /api/bills/${BILL_ID}/invoice`]: fileAnswer('%PDF-1.7', 'application/pdf'),
    ...routes,
  });
  renderRoutes(
    [
      {
        path: '/billing/billingInstances/:runId',
        element: <BillRunView runId={RUN_ID} canWrite={canWrite} isAdministrator={false} />,
      },
    ],
    [`/billing/billingInstances/${RUN_ID}?bill=${BILL_ID}`],
  );
  const posts = () => api.calls.filter((call) => call.method === 'POST');
  return { ...api, posts };
};

const openDrawer = () => screen.findByRole('dialog', { name: 'Bill 101: Adams, Betty' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an exported bill’s collections and invoice', { timeout: 30_000 }, () => {
  it('shows what was collected and the balance, each collection with its source and who recorded it', async () => {
    renderBill();
    const drawer = await openDrawer();
    const section = await within(drawer).findByRole('table', { name: 'Collections' });
    expect(section).toHaveTextContent('07/10/2026');
    expect(section).toHaveTextContent('$1,000.00');
    expect(section).toHaveTextContent('Custodian confirmation');
    expect(section).toHaveTextContent('SCHW-7781');
    expect(section).toHaveTextContent('Grace Lee');
    expect(within(drawer).getByText('Billed').nextElementSibling).toHaveTextContent('$2,500.00');
    expect(within(drawer).getByText('Collected').nextElementSibling).toHaveTextContent('$1,000.00');
    expect(within(drawer).getAllByText('Balance').at(-1)?.nextElementSibling).toHaveTextContent('$1,500.00');
    expect(drawer).toHaveTextContent(BILL_RUN_MESSAGES.exported);
  });

  it('records a collection after the contract’s checks, and shows the new balance', async () => {
    const user = userEvent.setup();
    const { posts } = renderBill({
      bill: [
        envelope(200, 'Success', EXPORTED),
        envelope(200, 'Success', billDetailFixture({ status: 'EXPORTED', balance: '250.00' })),
      ],
      routes: {
        [`POST /api/bills/${BILL_ID}/collections`]: envelope(201, COLLECTION_MESSAGES.recorded, [
          collectionFixture(),
          collectionFixture({
            id: '7a1c2e3f-9999-4a4a-8b8b-00000000000d',
            amount: '1250.00',
            collectedOn: '2026-07-15',
            source: 'MANUAL',
            reference: 'Check 5512',
            createdBy: { id: 'u2', fullName: 'Ada Lovelace' },
          }),
        ]),
      },
    });
    const drawer = await openDrawer();
    const form = await within(drawer).findByRole('form', { name: 'Record collection' });
    // Today by default.
    expect(within(form).getByLabelText(/Collected on/)).not.toHaveValue('');

    // No amount, no date: the contract's messages, nothing sent.
    await user.clear(within(form).getByLabelText(/Collected on/));
    await user.click(within(form).getByRole('button', { name: 'Record collection' }));
    expect(await within(form).findByText(COLLECTION_MESSAGES.amountRequired)).toBeInTheDocument();
    expect(within(form).getByText(COLLECTION_MESSAGES.dateRequired)).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Amount/), '0');
    await user.click(within(form).getByRole('button', { name: 'Record collection' }));
    expect(await within(form).findByText(COLLECTION_MESSAGES.amountZero)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Amount/));
    await user.type(within(form).getByLabelText(/Amount/), '1250');
    expect(within(form).getByLabelText(/Amount/)).toHaveValue('1,250');
    await user.type(within(form).getByLabelText(/Collected on/), '2026-07-15');
    await user.type(within(form).getByLabelText(/Reference/), 'Check 5512');
    await user.click(within(form).getByRole('button', { name: 'Record collection' }));

    expect(await screen.findByText(COLLECTION_MESSAGES.recorded)).toBeInTheDocument();
    expect(posts()[0]).toMatchObject({
      url: `/api/bills/${BILL_ID}/collections`,
      body: { amount: '1250.00', collectedOn: '2026-07-15', reference: 'Check 5512' },
    });
    await waitFor(() =>
      expect(within(drawer).getByRole('table', { name: 'Collections' })).toHaveTextContent('Check 5512'),
    );
    expect(within(drawer).getByRole('table', { name: 'Collections' })).toHaveTextContent('By hand');
    await waitFor(() =>
      expect(within(drawer).getAllByText('Balance').at(-1)?.nextElementSibling).toHaveTextContent('$250.00'),
    );
    // The form is empty again.
    expect(within(form).getByLabelText(/Amount/)).toHaveValue('');
  });

  it('puts the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    renderBill({
      routes: {
        [`POST /api/bills/${BILL_ID}/collections`]: new Response(
          JSON.stringify({
            statusCode: 400,
            message: COLLECTION_MESSAGES.amountAboveBalance,
            result: null,
            errors: [{ field: 'amount', message: COLLECTION_MESSAGES.amountAboveBalance }],
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
      },
    });
    const drawer = await openDrawer();
    const form = await within(drawer).findByRole('form', { name: 'Record collection' });
    await user.type(within(form).getByLabelText(/Amount/), '9000');
    await user.click(within(form).getByRole('button', { name: 'Record collection' }));
    expect(await within(form).findByText(COLLECTION_MESSAGES.amountAboveBalance)).toBeInTheDocument();
  });

  it('shows no collections before export, and asks for none', async () => {
    const { calls } = renderBill({
      bill: envelope(200, 'Success', billDetailFixture({ status: 'LOCKED' })),
    });
    const drawer = await openDrawer();
    await within(drawer).findByRole('heading', { name: 'Fee schedules' });
    expect(within(drawer).queryByRole('heading', { name: 'Collections' })).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/collections'))).toBe(false);
  });

  it('offers no Record collection to a user who may only read', async () => {
    renderBill({ canWrite: false });
    const drawer = await openDrawer();
    expect(await within(drawer).findByRole('table', { name: 'Collections' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('form', { name: 'Record collection' })).toBeNull();
  });

  it('downloads the bill’s invoice', async () => {
    const user = userEvent.setup();
    const downloads = stubDownloads();
    const { calls } = renderBill();
    const drawer = await openDrawer();
    await user.click(await within(drawer).findByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(downloads.names).toEqual(['invoice-101.pdf']));
    expect(calls.some((call) => call.url === `/api/bills/${BILL_ID}/invoice`)).toBe(true);
  });
});
