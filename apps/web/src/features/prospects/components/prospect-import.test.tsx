import {
  PROSPECT_IMPORT_MESSAGES,
  PROSPECT_MESSAGES,
  type ProspectImportJob,
  type ProspectImportRow,
} from '@centric/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProspectImportModal } from './prospect-import-modal.tsx';

const JOB_ID = '3c0d9a4e-1b2c-4d5e-8f70-9a8b7c6d5e4f';

const job = (overrides: Partial<ProspectImportJob> = {}): ProspectImportJob => ({
  id: JOB_ID,
  status: 'WAITING',
  phase: 'PREVIEW',
  progressDone: 3,
  progressTotal: 3,
  fileName: 'leads.csv',
  error: null,
  report: {
    fileName: 'leads.csv',
    rows: 3,
    counts: { ready: 1, duplicates: 1, invalid: 1 },
    duplicatesOfProspects: 1,
    duplicatesInFile: 0,
    mapping: { firstName: 'First Name' },
    applied: null,
  },
  createdBy: null,
  createdAt: '2026-04-01T14:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const ROWS: ProspectImportRow[] = [
  {
    line: 2,
    status: 'READY',
    displayName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+12125550100',
    errors: [],
    duplicateOf: null,
    prospectId: null,
  },
  {
    line: 3,
    status: 'DUPLICATE',
    displayName: 'Grace Hopper',
    email: 'grace@example.com',
    phone: '+12125550101',
    errors: [],
    duplicateOf: { prospect: { id: '5b1f6c2e-8d4a-4c1b-9f3e-2a7d9c0b1e11', name: 'Grace H.' }, line: null },
    prospectId: null,
  },
  {
    line: 4,
    status: 'INVALID',
    displayName: 'Bad Email',
    email: 'nope',
    phone: null,
    errors: [{ field: 'Email', message: PROSPECT_MESSAGES.emailInvalid }],
    duplicateOf: null,
    prospectId: null,
  },
];

const answer = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const stub = () => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body });
      if (method === 'POST' && url.startsWith('/api/prospect-imports?'))
        return answer(202, PROSPECT_IMPORT_MESSAGES.queued, job({ status: 'QUEUED', report: null }));
      if (url.startsWith(`/api/prospect-imports/${JOB_ID}/rows`))
        return answer(200, 'Success', ROWS, { totalResults: ROWS.length });
      if (url === `/api/prospect-imports/${JOB_ID}/apply`)
        return answer(202, PROSPECT_IMPORT_MESSAGES.applying, job({ status: 'QUEUED', phase: 'APPLY' }));
      if (url === `/api/prospect-imports/${JOB_ID}`) return answer(200, 'Success', job());
      return answer(200, 'Success', []);
    }),
  );
  return calls;
};

describe('Import prospects', () => {
  it('matches the usual column names, sends the columns and the values for every line', async () => {
    const calls = stub();
    const onJob = vi.fn();
    renderWithProviders(
      <ProspectImportModal opened jobId={null} onJob={onJob} onClose={() => {}} canWrite />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Import prospects' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const csv = 'First Name,Last Name,E-mail,Phone,Notes\nAda,Lovelace,ada@example.com,212-555-0100,VIP\n';
    fireEvent.change(input, { target: { files: [new File([csv], 'leads.csv', { type: 'text/csv' })] } });
    const table = await within(dialog).findByRole('table', { name: 'Column of each field' });
    await waitFor(() =>
      expect(within(table).getByRole('combobox', { name: 'Column of Email' })).toHaveValue('E-mail'),
    );
    expect(within(table).getByRole('combobox', { name: 'Column of First name' })).toHaveValue('First Name');
    expect(within(table).getByText('e.g. ada@example.com')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload and check' }));
    await waitFor(() => expect(onJob).toHaveBeenCalledWith(JOB_ID));
    const upload = calls.find((c) => c.method === 'POST' && c.url.startsWith('/api/prospect-imports?'));
    const query = new URL(upload!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'E-mail',
      phone: 'Phone',
      defaultType: 'PERSON',
      defaultLeadStatus: 'WARM',
      defaultActivityType: 'EMAIL',
      defaultMinutes: '15',
    });
  });

  it('shows the preview line by line and imports the duplicates too when asked', async () => {
    const calls = stub();
    const user = userEvent.setup();
    renderWithProviders(
      <ProspectImportModal opened jobId={JOB_ID} onJob={() => {}} onClose={() => {}} canWrite />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Import prospects' });
    const lines = await within(dialog).findByRole('table', { name: 'Lines of the file' });
    expect(await within(lines).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(lines).getByRole('link', { name: 'Grace H.' })).toBeInTheDocument();
    expect(within(lines).getByText(PROSPECT_MESSAGES.emailInvalid)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Import them too' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/apply'))).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/apply'))!.body))).toEqual({
      duplicates: 'import',
    });
  });
});
