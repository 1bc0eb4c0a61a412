import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import {
  BILL_ID,
  RUN_ID,
  billDetailFixture,
  differenceFixture,
  differencesSummaryFixture,
  envelope,
  runFixture,
  stubApi,
} from '../test-fixtures.ts';
import { BillRunView } from './bill-run-view.tsx';

type Answer = Parameters<typeof stubApi>[0][string];

const CARL = '7a1c2e3f-5555-4a4a-8b8b-000000000005';
const DANA = '7a1c2e3f-5555-4a4a-8b8b-00000000000a';

const ROWS = [
  differenceFixture(),
  differenceFixture({
    clientId: CARL,
    household: 'Baker, Carl',
    forecast: {
      billId: '7a1c2e3f-5555-4a4a-8b8b-00000000000b',
      runNumber: 9,
      amount: '400.00',
      billableValue: '160000.00',
    },
    live: null,
    change: '-400.00',
    causes: ['ACCOUNTS'],
    details: ['Not billed live: its only account closed.'],
  }),
];

const UNCHANGED = differenceFixture({
  clientId: DANA,
  household: 'Cole, Dana',
  change: '0.00',
  causes: [],
  details: [],
});

const renderRun = ({ differences = undefined as Answer | undefined } = {}) => {
  const api = stubApi({
    [`GET /api/bill-runs/${RUN_ID}`]: envelope(200, 'Success', runFixture()),
    [`GET /api/bill-runs/${RUN_ID}/checks`]: envelope(200, 'Success', []),
    [`GET /api/bill-runs/${RUN_ID}/differences`]:
      differences ??
      ((_body, url) => {
        const params = new URL(url, 'http://x').searchParams;
        const rows = params.get('changedOnly') === 'false' ? [...ROWS, UNCHANGED] : ROWS;
        return envelope(200, 'Success', rows, {
          totalResults: rows.length,
          summary: differencesSummaryFixture(),
        });
      }),
    [`GET /api/bills/${BILL_ID}`]: envelope(200, 'Success', billDetailFixture()),
  });
  const { router } = renderRoutes(
    [
      {
        path: '/billing/billingInstances/:runId',
        element: <BillRunView runId={RUN_ID} canWrite isAdministrator={false} />,
      },
    ],
    [`/billing/billingInstances/${RUN_ID}?tab=differences`],
  );
  const search = () => new URLSearchParams(router.state.location.search);
  const asked = () =>
    api.calls
      .filter((call) => call.url.startsWith(`/api/bill-runs/${RUN_ID}/differences`))
      .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));
  return { ...api, search, asked };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Differences tab of a live run', { timeout: 30_000 }, () => {
  it('sums up the forecast against the live run, and lists the changes largest first, with why', async () => {
    const { asked } = renderRun();
    const table = await screen.findByRole('table', { name: 'Differences' });
    expect(screen.getByText('Forecast (Run 9)').nextElementSibling).toHaveTextContent('$12,000.00');
    expect(screen.getByText('Live (this run)').nextElementSibling).toHaveTextContent('$12,500.00');
    expect(screen.getByText('Difference').nextElementSibling).toHaveTextContent('+$500.00');
    expect(screen.getByText('Households changed').nextElementSibling).toHaveTextContent('2');
    // The server's order: the largest change first, changed households only.
    expect(asked()[0]).toMatchObject({ sortBy: 'change', order: 'DESC', changedOnly: 'true' });
    expect(screen.getByRole('columnheader', { name: /Change/ })).toHaveAttribute('aria-sort', 'descending');

    const [, adams, baker] = within(table).getAllByRole('row');
    expect(adams).toHaveTextContent('$2,000.00');
    expect(adams).toHaveTextContent('$2,500.00');
    expect(adams).toHaveTextContent('+$500.00');
    expect(adams).toHaveTextContent('Value');
    expect(adams).toHaveTextContent('Value $800,000.00 → $1,000,000.00');
    expect(baker).toHaveTextContent('Not billed');
    expect(baker).toHaveTextContent('-$400.00');
    expect(baker).toHaveTextContent('Accounts');
    expect(baker).toHaveTextContent('Not billed live: its only account closed.');
  });

  it('shows every household, sorts by household, and opens a household’s bill', async () => {
    const user = userEvent.setup();
    const { search, asked } = renderRun();
    await screen.findByRole('table', { name: 'Differences' });
    await user.click(screen.getByRole('radio', { name: 'All households' }));
    await waitFor(() => expect(search().get('changedOnly')).toBe('false'));
    expect(await screen.findByText('Cole, Dana')).toBeInTheDocument();
    expect(screen.getByText('3 households')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Household' }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ sortBy: 'household', order: 'ASC' }));

    await user.click(screen.getByRole('button', { name: 'Adams, Betty' }));
    expect(search().get('bill')).toBe(BILL_ID);
    expect(await screen.findByRole('dialog', { name: 'Bill 101: Adams, Betty' })).toBeInTheDocument();
  });

  it('explains that a forecast of the same period is needed when there is none', async () => {
    renderRun({
      differences: envelope(200, 'Success', [], {
        totalResults: 0,
        summary: differencesSummaryFixture({ forecastRun: null, forecastTotal: '0.00', changed: 0 }),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'No forecast of this period' })).toBeInTheDocument();
    expect(screen.getByText(/completed forecast run of the same period/)).toHaveTextContent(
      '04/01/2026 – 06/30/2026',
    );
    expect(screen.queryByRole('table', { name: 'Differences' })).toBeNull();
  });

  it('says so when no household changed', async () => {
    renderRun({
      differences: envelope(200, 'Success', [], {
        totalResults: 0,
        summary: differencesSummaryFixture({ liveTotal: '12000.00', changed: 0 }),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'No household changed' })).toBeInTheDocument();
    expect(screen.getByText('Difference').nextElementSibling).toHaveTextContent('$0.00');
  });

  it('offers to try again when the differences cannot be loaded', async () => {
    renderRun({ differences: envelope(500, 'The server had a problem.', null) });
    expect(await screen.findByText('The server had a problem.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
