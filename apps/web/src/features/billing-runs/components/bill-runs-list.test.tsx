import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { RUN_ID, envelope, runFixture, stubApi } from '../test-fixtures.ts';
import { BillRunsList } from './bill-runs-list.tsx';

const renderList = ({ runs = [runFixture()], canWrite = true, path = '/billing/billingInstances' } = {}) => {
  const api = stubApi({
    'GET /api/bill-runs': (_body, url) => {
      const kind = new URL(url, 'http://x').searchParams.get('kind');
      const found = runs.filter((run) => !kind || run.kind === kind);
      return envelope(200, 'Success', found, { totalResults: found.length });
    },
  });
  const { router } = renderWithProviders(<BillRunsList canWrite={canWrite} onCreated={vi.fn()} />, path);
  const listCalls = () =>
    api.calls
      .filter((call) => call.url.startsWith('/api/bill-runs?'))
      .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));
  const urlState = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { listCalls, urlState };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the bill runs list', { timeout: 30_000 }, () => {
  it('lists the runs newest first with their scope, period, status, progress and total', async () => {
    const { listCalls, urlState } = renderList({
      runs: [
        runFixture({
          status: 'in_progress',
          scope: 'SINGLE_UNIT',
          scopeName: 'Adams, Betty',
          progress: { done: 1, total: 3, failed: 1 },
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Bill runs' });
    expect(urlState()).toMatchObject({ sortBy: 'number', order: 'DESC', pageNo: '1', numberOfRecords: '10' });
    expect(listCalls().at(-1)).toMatchObject({ sortBy: 'number', order: 'DESC', page: '1', limit: '10' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: 'Run 12' })).toHaveAttribute(
      'href',
      `/billing/billingInstances/${RUN_ID}`,
    );
    expect(row).toHaveTextContent('Live bill');
    expect(row).toHaveTextContent('Single unit: Adams, Betty');
    expect(row).toHaveTextContent('04/01/2026 – 06/30/2026');
    expect(row).toHaveTextContent('In progress');
    expect(row).toHaveTextContent('1 of 3 done · 1 failed');
    expect(within(row!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(row).toHaveTextContent('$12,500.00');
    expect(row).toHaveTextContent('Grace Lee');
    expect(screen.getByText('1 bill run')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New bill run' })).toBeInTheDocument();
  });

  it('filters by kind through the URL and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { listCalls, urlState } = renderList();
    await screen.findByRole('table', { name: 'Bill runs' });
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Forecast bill' }));
    await waitFor(() => expect(urlState().kind).toBe('FORECAST_BILL'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ kind: 'FORECAST_BILL' }));
    expect(await screen.findByText('No bill runs match')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    await waitFor(() => expect(urlState().kind).toBeUndefined());
  });

  it('sorts by total from its header', async () => {
    const user = userEvent.setup();
    const { listCalls } = renderList();
    const table = await screen.findByRole('table', { name: 'Bill runs' });
    await user.click(within(table).getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sortBy: 'total', order: 'ASC' }));
  });

  it('starts empty with the way forward, and without write offers no new run', async () => {
    renderList({ runs: [], canWrite: false });
    expect(await screen.findByText('No bill runs yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New bill run' })).toBeNull();
  });
});
