import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import {
  RUN_ID,
  billRowFixture,
  envelope,
  fileAnswer,
  runFixture,
  stubApi,
  stubDownloads,
} from '../test-fixtures.ts';
import { BillRunView } from './bill-run-view.tsx';

const renderRun = (run = runFixture()) => {
  const api = stubApi({
    [`GET /api/bill-runs/${RUN_ID}`]: envelope(200, 'Success', run),
    [`GET /api/bill-runs/${RUN_ID}/bills`]: envelope(200, 'Success', [billRowFixture()], { totalResults: 1 }),
    [`GET /api/bill-runs/${RUN_ID}/checks`]: envelope(200, 'Success', []),
    [`GET /api/bill-runs/${RUN_ID}/reports/exceptions`]: fileAnswer(
      'bill,household\n',
      'application/octet-stream',
      'bill-run-12-exceptions-2026-11-27.xlsx',
    ),
    [`GET /api/bill-runs/${RUN_ID}/invoices`]: fileAnswer('PK', 'application/zip'),
  });
  renderRoutes(
    [
      {
        path: '/billing/billingInstances/:runId',
        element: <BillRunView runId={RUN_ID} canWrite={false} isAdministrator={false} />,
      },
    ],
    [`/billing/billingInstances/${RUN_ID}`],
  );
  return api;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a run’s reports and invoices', { timeout: 30_000 }, () => {
  it('downloads a report in the format chosen, and every invoice in a zip', async () => {
    const user = userEvent.setup();
    const downloads = stubDownloads();
    const { calls } = renderRun();
    await user.click(await screen.findByRole('button', { name: 'Reports' }));
    // Four reports, each as CSV or XLSX.
    expect(await screen.findAllByRole('menuitem')).toHaveLength(8);
    await user.click(screen.getByRole('menuitem', { name: 'Exceptions (XLSX)' }));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    // Named as the server names it: dated with the firm's day.
    expect(downloads.names[0]).toBe('bill-run-12-exceptions-2026-11-27.xlsx');
    expect(calls.map((call) => call.url)).toContain(
      `/api/bill-runs/${RUN_ID}/reports/exceptions?format=xlsx`,
    );

    await user.click(screen.getByRole('button', { name: 'Invoices (zip)' }));
    await waitFor(() => expect(downloads.names).toHaveLength(2));
    expect(downloads.names[1]).toBe('invoices-run-12.zip');
  });

  it('offers no invoices when the run billed nobody', async () => {
    renderRun(runFixture({ bills: 0 }));
    expect(await screen.findByRole('button', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invoices (zip)' })).toBeNull();
  });
});
