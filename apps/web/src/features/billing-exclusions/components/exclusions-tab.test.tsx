import { EXCLUSION_MESSAGES, type Exclusion, type ExclusionList } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExclusionsTab } from './exclusions-tab.tsx';

const CLIENT_ID = '0b6f3a52-3c1e-4d8a-9b7e-5f2a1c9d8e01';
const URL = `/api/billing/households/${CLIENT_ID}/exclusions`;
const JOINT = { id: '1c7a4b63-4d2f-4e9b-8c8f-6a3b2d0e9f12', registrationName: 'Joint Brokerage' };
const IRA = { id: '2d8b5c74-5e3a-4fac-9d9a-7b4c3e1f0a23', registrationName: 'Rollover IRA' };
const VTI = { id: '3e9c6d85-6f4b-4abd-8eab-8c5d4f2a1b34', symbol: 'VTI', name: 'Vanguard Total Stock' };

const exclusion = (overrides: Partial<Exclusion> & Pick<Exclusion, 'id'>): Exclusion => ({
  clientId: CLIENT_ID,
  kind: 'HOLDING',
  account: JOINT,
  product: VTI,
  percent: null,
  appliesTo: 'FEE',
  reason: 'Legacy position',
  startDate: '2026-01-01',
  endDate: null,
  active: true,
  excludedValue: '50000.00',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const HOLDING = exclusion({ id: 'e1' });
const PERCENT = exclusion({
  id: 'e2',
  kind: 'PERCENT',
  account: IRA,
  product: null,
  percent: '12.5',
  appliesTo: 'PAYOUT',
  reason: 'Held away by the client',
  endDate: '2026-06-30',
  active: false,
  excludedValue: '37500.00',
});

const listOf = (exclusions: Exclusion[]): ExclusionList => ({
  asOf: '2026-11-25',
  exclusions,
  accounts: [
    { ...JOINT, open: true },
    { ...IRA, open: true },
  ],
});

const envelope = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Call = { method: string; url: string; body: unknown };

const stubServer = ({ lists, writes = [] }: { lists: Response[]; writes?: Response[] }) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (method === 'GET') return (lists.length > 1 ? lists.shift() : lists[0]?.clone()) ?? null;
      return writes.shift() ?? envelope(500, 'No answer.', null);
    }),
  );
  return calls;
};

const renderTab = (rights = { canWrite: true, canDelete: true }) =>
  renderWithProviders(<ExclusionsTab clientId={CLIENT_ID} {...rights} />);

const input = (label: RegExp | string) => {
  const found = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!found) throw new Error(`no input ${String(label)}`);
  return found;
};

describe('the Exclude Assets tab', { timeout: 30_000 }, () => {
  it('lists each exclusion with its kind, account, product or percentage, applies to, reason, dates and value', async () => {
    const calls = stubServer({ lists: [envelope(200, 'Success', listOf([HOLDING, PERCENT]))] });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Excluded assets' });
    expect(calls[0]).toMatchObject({ method: 'GET', url: URL });
    const [, holding, percent] = within(table).getAllByRole('row');
    expect(holding).toHaveTextContent(
      'HoldingJoint BrokerageVTI · Vanguard Total StockFeeLegacy position01/01/2026 – no end',
    );
    expect(holding).toHaveTextContent('50,000.00');
    expect(percent).toHaveTextContent(
      'Percentage of accountRollover IRA12.5%PayoutHeld away by the client01/01/2026 – 06/30/2026Not in force today',
    );
    expect(screen.getByRole('button', { name: 'Exclude assets' })).toBeInTheDocument();
  });

  it('shows the empty state, and no write or delete controls without the rights', async () => {
    stubServer({ lists: [envelope(200, 'Success', listOf([]))] });
    const { unmount } = renderTab();
    expect(await screen.findByRole('heading', { name: 'No excluded assets' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exclude assets' })).toBeInTheDocument();
    unmount();

    stubServer({ lists: [envelope(200, 'Success', listOf([HOLDING]))] });
    renderTab({ canWrite: false, canDelete: false });
    const table = await screen.findByRole('table', { name: 'Excluded assets' });
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exclude assets' })).not.toBeInTheDocument();
  });

  it('shows an error when the list cannot load', async () => {
    stubServer({ lists: [envelope(500, 'The billing database is unavailable.', null)] });
    renderTab();
    expect(await screen.findByText('The billing database is unavailable.')).toBeInTheDocument();
  });

  it("adds a percentage of an account, with the contract's messages first", async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [envelope(200, 'Success', listOf([])), envelope(200, 'Success', listOf([PERCENT]))],
      writes: [envelope(201, EXCLUSION_MESSAGES.created, PERCENT)],
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Exclude assets' }));
    const form = await screen.findByRole('form', { name: 'New excluded asset' });
    await user.click(input(/^Exclude/));
    await user.click(await screen.findByRole('option', { name: 'Percentage of account' }));
    await user.click(within(form).getByRole('button', { name: 'Exclude assets' }));
    expect(await within(form).findByText(EXCLUSION_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(within(form).getByText(EXCLUSION_MESSAGES.startDateRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    await user.click(input(/^Account/));
    await user.click(await screen.findByRole('option', { name: 'Rollover IRA' }));
    await user.type(within(form).getByRole('textbox', { name: /^Percentage of the account/ }), '12.5');
    await user.click(input(/^Applies to/));
    await user.click(await screen.findByRole('option', { name: 'Payout' }));
    await user.type(within(form).getByRole('textbox', { name: /^Reason/ }), 'Held away by the client');
    await user.type(within(form).getByLabelText(/^Start date/), '2026-01-01');
    await user.click(within(form).getByRole('button', { name: 'Exclude assets' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: URL,
      body: {
        kind: 'PERCENT',
        accountId: IRA.id,
        productId: null,
        percent: '12.5',
        appliesTo: 'PAYOUT',
        reason: 'Held away by the client',
        startDate: '2026-01-01',
        endDate: null,
      },
    });
    expect(await screen.findByText(EXCLUSION_MESSAGES.created)).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [envelope(200, 'Success', listOf([HOLDING])), envelope(200, 'Success', listOf([]))],
      writes: [envelope(200, EXCLUSION_MESSAGES.deleted, null)],
    });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Excluded assets' });
    await user.click(within(table).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the exclusion of VTI in Joint Brokerage?');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ url: `${URL}/${HOLDING.id}` }),
    );
    expect(await screen.findByText(EXCLUSION_MESSAGES.deleted)).toBeInTheDocument();
  });
});
