import { BILL_CHECK_MESSAGES, BILL_EXPORT_MESSAGES, COLLECTION_MESSAGES } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import {
  EXPORT_ID,
  RUN_ID,
  billRowFixture,
  envelope,
  exportFixture,
  fileAnswer,
  findingFixture,
  refundFixture,
  runFixture,
  stubApi,
  stubDownloads,
} from '../test-fixtures.ts';
import { BillRunView } from './bill-run-view.tsx';

type Answer = Parameters<typeof stubApi>[0][string];

const NEW_EXPORT_ID = '7a1c2e3f-8888-4a4a-8b8b-00000000000c';
const SECOND = exportFixture({
  id: NEW_EXPORT_ID,
  exportNo: 2,
  fileName: 'fees-schwab-1.tsv',
  exporter: 'generic-tsv',
  checksum: 'aaaabbbbccccddddeeeeffff0000111122223333444455556666777788889999',
});

const renderRun = ({
  stage = 'LOCKED' as const as 'GENERATED' | 'APPROVED' | 'LOCKED' | 'EXPORTED',
  exportsList = envelope(200, 'Success', [exportFixture()]) as Answer,
  refunds = envelope(200, 'Success', [refundFixture()]) as Answer,
  routes = {} as Record<string, Answer>,
  canWrite = true,
} = {}) => {
  const api = stubApi({
    [`GET /api/bill-runs/${RUN_ID}`]: envelope(200, 'Success', runFixture({ stage })),
    [`GET /api/bill-runs/${RUN_ID}/bills`]: envelope(200, 'Success', [billRowFixture()], { totalResults: 1 }),
    [`GET /api/bill-runs/${RUN_ID}/checks`]: envelope(200, 'Success', []),
    [`GET /api/bill-runs/${RUN_ID}/exports`]: exportsList,
    [`GET /api/bill-runs/${RUN_ID}/refunds`]: refunds,
    [`GET /api/bill-exports/${EXPORT_ID}/file`]: fileAnswer('account,amount\n1234,2500.00\n'),
    [`GET /api/bill-exports/${NEW_EXPORT_ID}/file`]: fileAnswer('account\tamount\n1234\t2500.00\n'),
    ...routes,
  });
  const { router } = renderRoutes(
    [
      {
        path: '/billing/billingInstances/:runId',
        element: <BillRunView runId={RUN_ID} canWrite={canWrite} isAdministrator={false} />,
      },
    ],
    [`/billing/billingInstances/${RUN_ID}?tab=exports`],
  );
  const search = () => new URLSearchParams(router.state.location.search);
  const posts = () => api.calls.filter((call) => call.method === 'POST');
  return { ...api, search, posts };
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Exports tab of a live run', { timeout: 30_000 }, () => {
  it('asks to lock the run first', async () => {
    renderRun({ stage: 'APPROVED' });
    expect(await screen.findByRole('heading', { name: 'Lock the run to export it.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export custodian fee file' })).toBeNull();
  });

  it('lists the files exported and the refunds, and downloads a file again', async () => {
    const user = userEvent.setup();
    const downloads = stubDownloads();
    const { calls } = renderRun({ stage: 'EXPORTED' });
    const table = await screen.findByRole('table', { name: 'Exports' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('fees-schwab-1.csv');
    expect(row).toHaveTextContent('Custodian fee file · Schwab');
    expect(row).toHaveTextContent('$12,500.00');
    expect(row).toHaveTextContent('07/04/2026');
    expect(row).toHaveTextContent('by Grace Lee');
    // The checksum shortened, whole in its title (and for screen readers).
    const checksum = within(row!).getByTitle(exportFixture().checksum);
    expect(checksum).toHaveTextContent('9f86d081884c…');

    const refunds = screen.getByRole('table', { name: 'Refunds' });
    expect(refunds).toHaveTextContent('Baker, Carl');
    expect(refunds).toHaveTextContent('Carl Baker Trust');
    expect(refunds).toHaveTextContent('-$150.00');

    await user.click(within(row!).getByRole('button', { name: 'Download fees-schwab-1.csv' }));
    await waitFor(() => expect(downloads.names).toEqual(['fees-schwab-1.csv']));
    expect(calls.some((call) => call.url === `/api/bill-exports/${EXPORT_ID}/file`)).toBe(true);
    // Exported: a confirmation file can come in.
    expect(screen.getByRole('button', { name: 'Import confirmation file' })).toBeInTheDocument();
  });

  it('says so when nothing was exported yet and nothing is refunded', async () => {
    renderRun({ exportsList: envelope(200, 'Success', []), refunds: envelope(200, 'Success', []) });
    expect(await screen.findByRole('heading', { name: 'Not exported yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No refunds' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import confirmation file' })).toBeNull();
  });

  it('asks before exporting again, sends it again confirmed, and saves the file written', async () => {
    const user = userEvent.setup();
    const downloads = stubDownloads();
    const { posts } = renderRun({
      stage: 'EXPORTED',
      routes: {
        [`POST /api/bill-runs/${RUN_ID}/exports`]: [
          envelope(409, BILL_EXPORT_MESSAGES.confirmAgain, null),
          envelope(201, BILL_EXPORT_MESSAGES.exported, [SECOND]),
        ],
      },
      exportsList: [
        envelope(200, 'Success', [exportFixture()]),
        envelope(200, 'Success', [SECOND, exportFixture()]),
      ],
    });
    await screen.findByRole('table', { name: 'Exports' });
    await user.click(screen.getByRole('combobox', { name: 'Fee file format' }));
    await user.click(await screen.findByRole('option', { name: 'Generic TSV' }));
    await user.click(screen.getByRole('button', { name: 'Export custodian fee file' }));

    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(dialog).toHaveTextContent('This run was already exported: export it again?');
    expect(posts()[0]?.body).toEqual({ kind: 'CUSTODIAN', exporter: 'generic-tsv' });
    await user.click(within(dialog).getByRole('button', { name: 'Export again' }));

    expect(await screen.findByText(BILL_EXPORT_MESSAGES.exported)).toBeInTheDocument();
    expect(posts()[1]?.body).toEqual({ kind: 'CUSTODIAN', exporter: 'generic-tsv', confirmAgain: true });
    await waitFor(() => expect(downloads.names).toEqual(['fees-schwab-1.tsv']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Please Confirm?' })).toBeNull());
    // The new export is listed first.
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Exports' })).getAllByRole('row')).toHaveLength(3),
    );
  });

  it('sends nothing again when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const { posts } = renderRun({
      routes: {
        [`POST /api/bill-runs/${RUN_ID}/exports`]: envelope(409, BILL_EXPORT_MESSAGES.confirmAgain, null),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Export ACH (NACHA) file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toEqual({ kind: 'NACHA' });
  });

  it('shows the refusal, and opens the Checks tab when checks block the export', async () => {
    const user = userEvent.setup();
    const { search } = renderRun({
      routes: {
        [`POST /api/bill-runs/${RUN_ID}/exports`]: [
          envelope(400, BILL_EXPORT_MESSAGES.achNotSet, null),
          envelope(409, BILL_CHECK_MESSAGES.blocked, null),
        ],
        [`GET /api/bill-runs/${RUN_ID}/checks`]: envelope(200, 'Success', [findingFixture()]),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Export ACH (NACHA) file' }));
    expect(await screen.findByText(BILL_EXPORT_MESSAGES.achNotSet)).toBeInTheDocument();
    expect(search().get('tab')).toBe('exports');

    await user.click(screen.getByRole('button', { name: 'Export custodian fee file' }));
    expect(await screen.findByText(BILL_CHECK_MESSAGES.blocked)).toBeInTheDocument();
    await waitFor(() => expect(search().get('tab')).toBe('checks'));
    expect(await screen.findByRole('region', { name: 'Adams, Betty' })).toBeInTheDocument();
  });

  it('imports a confirmation file read in the browser, and shows what matched and what did not', async () => {
    const user = userEvent.setup();
    const { posts } = renderRun({
      stage: 'EXPORTED',
      routes: {
        [`POST /api/bill-runs/${RUN_ID}/collections/import`]: envelope(200, COLLECTION_MESSAGES.imported, {
          matched: 1,
          total: '2500.00',
          unmatched: [
            { line: 3, text: '9999,10.00,2026-07-10', reason: 'No debit of this run has this reference.' },
          ],
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Import confirmation file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import confirmation file' });
    // No file: said, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Please choose the confirmation file.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Bank' }));
    const content = 'reference,amount,date\n101,2500.00,2026-07-10\n9999,10.00,2026-07-10\n';
    const fileInput = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('no file input');
    await user.upload(fileInput, new File([content], 'bank.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText(/1 row matched, \$2,500\.00 collected; 1 row not matched/),
    ).toBeInTheDocument();
    expect(posts()[0]?.body).toEqual({ source: 'BANK', content });
    const unmatched = within(dialog).getByRole('table', { name: 'Rows not matched' });
    expect(unmatched).toHaveTextContent('9999,10.00,2026-07-10');
    expect(unmatched).toHaveTextContent('No debit of this run has this reference.');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import confirmation file' })).toBeNull(),
    );
  });

  it('shows the files but no export button to a user who may only read', async () => {
    renderRun({ canWrite: false, stage: 'EXPORTED' });
    expect(await screen.findByRole('table', { name: 'Exports' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export custodian fee file' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import confirmation file' })).toBeNull();
  });
});
