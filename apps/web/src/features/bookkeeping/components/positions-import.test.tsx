import { type ImportJob, POSITIONS_IMPORT_MESSAGES, type PositionsReport } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ImportsPanel } from './imports-panel.tsx';

const JOB_ID = '3c0d9a4e-1b2c-4d5e-8f70-9a8b7c6d5e4f';

const REPORT: PositionsReport = {
  fileName: 'positions.csv',
  rows: 6,
  accepted: 3,
  refusedCount: 3,
  refused: [
    { line: 4, account: '****9999', identifier: 'VTI', message: POSITIONS_IMPORT_MESSAGES.accountUnknown },
    { line: 5, account: '****1234', identifier: 'NOPE', message: POSITIONS_IMPORT_MESSAGES.productUnknown },
    { line: 7, account: '****1234', identifier: 'VTI', message: POSITIONS_IMPORT_MESSAGES.quantityInvalid },
  ],
  unknownAccounts: [{ account: '****9999', lines: 1 }],
  unknownProducts: [{ identifier: 'NOPE', lines: 1 }],
  accounts: 2,
  dates: ['2026-03-31'],
  snapshots: { new: 1, changed: 1, unchanged: 0 },
  prices: 2,
  applied: null,
};

const job = (overrides: Partial<ImportJob>): ImportJob => ({
  id: JOB_ID,
  status: 'QUEUED',
  phase: 'PREVIEW',
  progressDone: 0,
  progressTotal: 0,
  fileName: 'positions.csv',
  error: null,
  report: null,
  createdBy: { id: '5b1f6c2e-8d4a-4c1b-9f3e-2a7d9c0b1e11', fullName: 'Grace Lee' },
  createdAt: '2026-04-01T14:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const answer = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * The server's side of an import: the upload queues the preview, each GET of the job moves it one state on
 * (running, then waiting with its report); Import queues the writing, which then succeeds.
 */
const stubImports = () => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const states = [
    job({ status: 'RUNNING', progressDone: 3, progressTotal: 6 }),
    job({ status: 'WAITING', progressDone: 6, progressTotal: 6, report: REPORT }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body });
      if (method === 'GET' && url.startsWith('/api/positions-imports?'))
        return answer(200, 'Success', [], { totalResults: 0 });
      if (method === 'POST' && url === '/api/positions-imports')
        return answer(202, POSITIONS_IMPORT_MESSAGES.queued, job({}));
      if (method === 'GET' && url === `/api/positions-imports/${JOB_ID}`) {
        const next = states.length > 1 ? states.shift() : states[0];
        return answer(200, 'Success', next);
      }
      if (method === 'POST' && url === `/api/positions-imports/${JOB_ID}/apply`) {
        states.splice(
          0,
          states.length,
          job({ status: 'RUNNING', phase: 'APPLY', progressDone: 1, progressTotal: 2, report: REPORT }),
          job({
            status: 'SUCCEEDED',
            phase: 'APPLY',
            progressDone: 2,
            progressTotal: 2,
            report: { ...REPORT, applied: { new: 1, changed: 1, unchanged: 0 } },
            finishedAt: '2026-04-01T14:01:00.000Z',
          }),
        );
        return answer(202, POSITIONS_IMPORT_MESSAGES.applying, job({ phase: 'APPLY', report: REPORT }));
      }
      return answer(404, 'Not found.', null);
    }),
  );
  return calls;
};

describe('importing positions', { timeout: 30_000 }, () => {
  it('uploads the file, follows the check, shows the preview, imports it and follows it to the end', async () => {
    const user = userEvent.setup();
    const calls = stubImports();
    renderWithProviders(<ImportsPanel canWrite />, '/bookkeeping?tab=imports');
    expect(await screen.findByText('No positions imports yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Import positions' })[0]!);

    let dialog = await screen.findByRole('dialog', { name: 'Import positions' });
    expect(within(dialog).getByText('account number')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload and check' }));
    expect(within(dialog).getByText(POSITIONS_IMPORT_MESSAGES.fileRequired)).toBeInTheDocument();

    const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('no file input');
    const csv = 'account number,symbol,quantity,price,date\nE2E-1,VTI,10,250,2026-03-31\n';
    await user.upload(fileInput, new File([csv], 'positions.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload and check' }));

    // The check runs: its progress, then the preview.
    expect(
      await screen.findByText('Checking the file: 3 of 6 (50%)', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/Preview: nothing is saved until you import/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toBeInstanceOf(FormData);

    dialog = screen.getByRole('dialog', { name: 'Import positions' });
    const lines = within(dialog).getByRole('group', { name: 'Lines of the file' });
    expect(within(lines).getByText('Refused').previousSibling).toHaveTextContent('3');
    expect(within(lines).getByText('Accepted').previousSibling).toHaveTextContent('3');
    const toWrite = within(dialog).getByRole('group', { name: 'Holdings to write' });
    expect(within(toWrite).getByText('New snapshots').previousSibling).toHaveTextContent('1');
    expect(within(toWrite).getByText('Prices to add').previousSibling).toHaveTextContent('2');
    expect(within(dialog).getByRole('table', { name: 'Unknown accounts' })).toHaveTextContent('****9999');
    expect(within(dialog).getByRole('table', { name: 'Unknown products' })).toHaveTextContent('NOPE');
    const refused = within(within(dialog).getByRole('table', { name: 'Refused lines' })).getAllByRole('row');
    expect(refused.slice(1).map((row) => row.textContent)).toEqual([
      `4****9999VTI${POSITIONS_IMPORT_MESSAGES.accountUnknown}`,
      `5****1234NOPE${POSITIONS_IMPORT_MESSAGES.productUnknown}`,
      `7****1234VTI${POSITIONS_IMPORT_MESSAGES.quantityInvalid}`,
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText(/Imported on/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Holdings written' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/apply'))).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Cancel import' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows why an import failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/positions-imports?')
          ? answer(200, 'Success', [], { totalResults: 0 })
          : answer(200, 'Success', job({ status: 'FAILED', error: POSITIONS_IMPORT_MESSAGES.fileChanged })),
      ),
    );
    renderWithProviders(<ImportsPanel canWrite />, `/bookkeeping?tab=imports&importId=${JOB_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Import positions' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(POSITIONS_IMPORT_MESSAGES.fileChanged);
    expect(within(dialog).getByText('Failed')).toBeInTheDocument();
  });
});
