import { FEE_SCHEDULE_MESSAGES, type FeeScheduleItem } from '@centric/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { FeeSchedulesManager } from './fee-schedules-manager.tsx';
import { ADD_TIER_REFUSED } from './structure-editor.tsx';

const STANDARD_ID = '7d3c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a09';
const RETAINER_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const TIER_IDS = [
  'a1f0c3d2-1111-4a5b-9c8d-7e6f5a4b3c21',
  'b2e1d4c3-2222-4b6c-8d9e-6f5a4b3c2d32',
  'c3d2e5f4-3333-4c7d-9e0f-5a4b3c2d1e43',
] as const;
const [TIER_1, TIER_2, TIER_3] = TIER_IDS;

/** 1.00 % on the first $500K, 0.75 % to $2M, 0.50 % above; at least $4,000 a year. */
const STANDARD: FeeScheduleItem = {
  id: STANDARD_ID,
  name: 'Standard AUM',
  type: 'PERCENTAGE',
  structure: 'TIERED',
  description: null,
  annualMinimum: '4000.00',
  tiers: [
    { id: TIER_1, minimum: '0.00', maximum: '500000.00', rate: '100' },
    { id: TIER_2, minimum: '500000.00', maximum: '2000000.00', rate: '75' },
    { id: TIER_3, minimum: '2000000.00', maximum: '10000000000.00', rate: '50' },
  ],
  createdAt: '2026-01-15T12:00:00.000Z',
  updatedAt: '2026-01-15T12:00:00.000Z',
};

const RETAINER: FeeScheduleItem = {
  id: RETAINER_ID,
  name: 'Planning Retainer',
  type: 'FIXED',
  structure: 'LINEAR',
  description: 'Flat planning fee',
  annualMinimum: null,
  tiers: [
    { id: 'd4e3f6a5-4444-4d8e-8f1a-4b3c2d1e0f54', minimum: '0.00', maximum: '10000000000.00', rate: '2500' },
  ],
  createdAt: '2026-02-03T12:00:00.000Z',
  updatedAt: '2026-02-03T12:00:00.000Z',
};

type Routes = Parameters<typeof stubFetch>[0];
type Failure = { status: number; message: string; errors: { field: string; message: string }[] };

type Setup = {
  canWrite?: boolean;
  canDelete?: boolean;
  routes?: Routes;
  /** Answers with field errors (which `stubFetch` does not send), by "METHOD /api/path". */
  failures?: Record<string, Failure>;
};

/**
 * /billing/fee with the given feeSchedules rights (the route reads them from the user's permissions). The
 * API answers from `routes` (kept by reference: a test may change an answer later); every call is recorded.
 */
const renderScreen = ({ canWrite = true, canDelete = true, routes = {}, failures = {} }: Setup = {}) => {
  const table: Routes = { 'GET /api/fee-schedules': [200, 'Success', [STANDARD, RETAINER]], ...routes };
  const stub = stubFetch(table);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = await stub.fetchStub(input, init);
    const call = stub.calls.at(-1);
    const failure = call && failures[`${call.method} ${call.url.split('?')[0]}`];
    if (!failure) return answer;
    return new Response(JSON.stringify({ statusCode: failure.status, result: null, ...failure }), {
      status: failure.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const utils = renderRoutes(
    [{ path: '/billing/fee', element: <FeeSchedulesManager rights={{ canWrite, canDelete }} /> }],
    ['/billing/fee'],
  );
  const listQueries = () =>
    stub.calls
      .filter((c) => c.method === 'GET' && c.url.startsWith('/api/fee-schedules?'))
      .map((c) => new URLSearchParams(c.url.split('?')[1]));
  const writes = () => stub.calls.filter((c) => c.method !== 'GET');
  return { ...utils, table, calls: stub.calls, listQueries, writes };
};

const rowOf = async (name: string) => {
  const row = (await screen.findByRole('button', { name: `Open ${name}` })).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

const openStandard = async (user: UserEvent, title = 'Edit fee schedule') => {
  await user.click(await screen.findByRole('button', { name: 'Open Standard AUM' }));
  return screen.findByRole('dialog', { name: title });
};

/** A structure field: `tier(dialog, 2, 'Max ($)')`. */
const tier = (dialog: HTMLElement, n: number, column: 'Min ($)' | 'Max ($)' | 'Rate (bps)') =>
  within(dialog).getByRole('textbox', { name: `Tier ${n} ${column}` });

const tierValues = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Fee structure' }))
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);

const previewOf = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: 'Fee preview' });

const figure = (dialog: HTMLElement, label: 'Annual fee' | 'Quarterly fee' | 'Effective rate') =>
  within(previewOf(dialog)).getByRole('group', { name: label });

/** The preview's lines: range, charged on, rate, amount. */
const feeLines = (dialog: HTMLElement) => {
  const table = within(previewOf(dialog)).getByRole('table', { name: 'Fee by tier' });
  const body = table.querySelector('tbody');
  if (!body) throw new Error('no lines');
  return within(body)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
};

const retype = async (user: UserEvent, input: HTMLElement, text: string) => {
  await user.clear(input);
  await user.type(input, text);
};

describe('Fee schedules list', { timeout: 30_000 }, () => {
  it('shows each schedule with its type, structure, tiers and annual minimum', async () => {
    renderScreen();
    expect(cellTexts(await rowOf('Standard AUM'))).toEqual([
      'Standard AUMBreakpoints at $500,000, $2,000,000',
      'Percentage',
      'Tiered',
      '3 tiers · 100 → 50 bps',
      '$4,000.00',
      '01/15/2026',
      '',
    ]);
    const retainer = await rowOf('Planning Retainer');
    expect(cellTexts(retainer).slice(0, 5)).toEqual([
      'Planning RetainerFlat planning fee',
      'Fixed',
      'Linear',
      '1 tier · $2,500.00',
      '—None',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 schedules');
  });

  it('writes the default paging and order into the URL and asks for that page', async () => {
    const { router, listQueries } = renderScreen();
    await waitFor(() =>
      expect(router.state.location.search).toBe('?pageNo=1&numberOfRecords=10&sortBy=name&order=ASC'),
    );
    await rowOf('Standard AUM');
    const query = listQueries().at(-1);
    expect(Object.fromEntries(query ?? [])).toEqual({ page: '1', limit: '10', sortBy: 'name', order: 'ASC' });
  });

  it('sorts by a header, then reverses it on a second click', async () => {
    const user = userEvent.setup();
    const { router, listQueries } = renderScreen();
    await rowOf('Standard AUM');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Annual minimum' }));
    await waitFor(() => expect(listQueries().at(-1)?.get('sortBy')).toBe('annualMinimum'));
    expect(listQueries().at(-1)?.get('order')).toBe('ASC');
    expect(new URLSearchParams(router.state.location.search).get('sortBy')).toBe('annualMinimum');

    await user.click(screen.getByRole('button', { name: 'Annual minimum' }));
    await waitFor(() => expect(listQueries().at(-1)?.get('order')).toBe('DESC'));
    expect(listQueries().at(-1)?.get('sortBy')).toBe('annualMinimum');
    expect(screen.getByRole('columnheader', { name: 'Annual minimum' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('reverses the order on a second click that comes before the list renders again', async () => {
    const { router, listQueries } = renderScreen();
    await rowOf('Standard AUM');
    const header = screen.getByRole('button', { name: 'Annual minimum' });

    // Both clicks in one act: nothing renders between them, so the second must not read the rendered sort.
    act(() => {
      header.click();
      header.click();
    });
    await waitFor(() => expect(listQueries().at(-1)?.get('order')).toBe('DESC'));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('sortBy'), params.get('order')]).toEqual(['annualMinimum', 'DESC']);
    expect(screen.getByRole('columnheader', { name: 'Annual minimum' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('says there are none yet and offers to add one to a writer', async () => {
    const user = userEvent.setup();
    renderScreen({ routes: { 'GET /api/fee-schedules': [200, 'Success', []] } });
    expect(await screen.findByRole('heading', { name: 'No fee schedules yet' })).toBeInTheDocument();
    const adds = screen.getAllByRole('button', { name: 'Add fee schedule' });
    expect(adds).toHaveLength(2);

    await user.click(adds[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add fee schedule' });
    expect(tierValues(dialog)).toEqual(['0', '10,000,000,000', '']);
  });

  it('offers no Add to a reader when there are none', async () => {
    renderScreen({ canWrite: false, routes: { 'GET /api/fee-schedules': [200, 'Success', []] } });
    expect(await screen.findByRole('heading', { name: 'No fee schedules yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add fee schedule' })).not.toBeInTheDocument();
  });

  it('shows why the list failed and loads it again on Try again', async () => {
    const user = userEvent.setup();
    const { table } = renderScreen({
      routes: { 'GET /api/fee-schedules': [500, 'The fee schedules could not be loaded.', null] },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The fee schedules could not be loaded.');

    table['GET /api/fee-schedules'] = [200, 'Success', [STANDARD]];
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Standard AUM')).toBeInTheDocument();
    expect(screen.queryByText('The fee schedules could not be loaded.')).not.toBeInTheDocument();
  });
});

describe('Fee schedule editor', { timeout: 30_000 }, () => {
  it('shows the tiers with thousands commas and the fee of $1,000,000', async () => {
    const user = userEvent.setup();
    renderScreen();
    const dialog = await openStandard(user);
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Standard AUM');
    expect(within(dialog).getByRole('textbox', { name: /^Annual minimum/ })).toHaveValue('4,000');
    expect(tierValues(dialog)).toEqual([
      '0',
      '500,000',
      '100',
      '500,000',
      '2,000,000',
      '75',
      '2,000,000',
      '10,000,000,000',
      '50',
    ]);

    expect(within(previewOf(dialog)).getByRole('textbox', { name: /Household value/ })).toHaveValue(
      '1,000,000',
    );
    expect(figure(dialog, 'Annual fee')).toHaveTextContent('$8,750.00');
    expect(figure(dialog, 'Quarterly fee')).toHaveTextContent('$2,187.50');
    expect(figure(dialog, 'Effective rate')).toHaveTextContent('0.875%');
    expect(feeLines(dialog)).toEqual([
      ['$0 – $500,000', '$500,000.00', '100 bps (1.00%)', '$5,000.00'],
      ['$500,000 – $2,000,000', '$500,000.00', '75 bps (0.75%)', '$3,750.00'],
    ]);
  });

  it('recomputes the fee as a value is typed, up to the annual minimum', async () => {
    const user = userEvent.setup();
    renderScreen();
    const dialog = await openStandard(user);
    const value = within(previewOf(dialog)).getByRole('textbox', { name: /Household value/ });

    await retype(user, value, '3000000');
    expect(value).toHaveValue('3,000,000');
    expect(figure(dialog, 'Annual fee')).toHaveTextContent('$21,250.00');
    expect(figure(dialog, 'Quarterly fee')).toHaveTextContent('$5,312.50');
    expect(feeLines(dialog)[2]).toEqual(['Over $2,000,000', '$1,000,000.00', '50 bps (0.50%)', '$5,000.00']);

    await retype(user, value, '100000');
    expect(figure(dialog, 'Annual fee')).toHaveTextContent('$4,000.00');
    expect(within(dialog).getByText('Raised to the annual minimum of $4,000.00')).toBeInTheDocument();
  });

  it('refuses a maximum not above its minimum, then saves the fixed structure with its tier ids', async () => {
    const user = userEvent.setup();
    const { writes } = renderScreen({
      routes: {
        [`PATCH /api/fee-schedules/${STANDARD_ID}`]: [200, 'Fee schedule updated successfully.', STANDARD],
      },
    });
    const dialog = await openStandard(user);

    await retype(user, tier(dialog, 3, 'Max ($)'), '1000000');
    expect(within(dialog).queryByText(FEE_SCHEDULE_MESSAGES.maximumNotAboveMinimum)).not.toBeInTheDocument();
    await user.tab();
    expect(tier(dialog, 3, 'Max ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(FEE_SCHEDULE_MESSAGES.maximumNotAboveMinimum)).toBeInTheDocument();
    expect(
      within(previewOf(dialog)).getByText(/Complete the structure \(every tier with its Min/),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(FEE_SCHEDULE_MESSAGES.maximumNotAboveMinimum)).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await retype(user, tier(dialog, 3, 'Max ($)'), '10000000000');
    expect(within(dialog).queryByText(FEE_SCHEDULE_MESSAGES.maximumNotAboveMinimum)).not.toBeInTheDocument();
    // A new breakpoint carries on into the next tier's Min ($).
    await retype(user, tier(dialog, 2, 'Max ($)'), '1500000');
    expect(tier(dialog, 3, 'Min ($)')).toHaveValue('1,500,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PATCH',
      url: `/api/fee-schedules/${STANDARD_ID}`,
      body: {
        name: 'Standard AUM',
        type: 'PERCENTAGE',
        structure: 'TIERED',
        description: null,
        annualMinimum: '4000.00',
        tiers: [
          { id: TIER_1, minimum: '0', maximum: '500000', rate: '100' },
          { id: TIER_2, minimum: '500000', maximum: '1500000', rate: '75' },
          { id: TIER_3, minimum: '1500000', maximum: '10000000000', rate: '50' },
        ],
      },
    });
    expect(await screen.findByText('Fee schedule updated successfully.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit fee schedule' })).not.toBeInTheDocument(),
    );
  });

  it('adds a tier by splitting the last one, up to 7 tiers', async () => {
    const user = userEvent.setup();
    renderScreen();
    const dialog = await openStandard(user);
    const addTier = within(dialog).getByRole('button', { name: 'Add tier' });

    await user.click(addTier);
    expect(tierValues(dialog).slice(6)).toEqual(['2,000,000', '', '50', '', '10,000,000,000', '']);
    expect(within(previewOf(dialog)).getByText(/Complete the structure/)).toBeInTheDocument();

    await user.type(tier(dialog, 3, 'Max ($)'), '5000000');
    expect(tier(dialog, 4, 'Min ($)')).toHaveValue('5,000,000');
    await user.type(tier(dialog, 4, 'Rate (bps)'), '25');
    expect(figure(dialog, 'Annual fee')).toHaveTextContent('$8,750.00');

    // Each new tier is filled before the next is added (spec §5 General).
    for (const [n, breakpoint] of [
      [4, '6000000'],
      [5, '7000000'],
      [6, '8000000'],
    ] as const) {
      await user.click(addTier);
      await user.type(tier(dialog, n, 'Max ($)'), breakpoint);
      await user.type(tier(dialog, n + 1, 'Rate (bps)'), '10');
    }
    expect(within(dialog).getByRole('textbox', { name: 'Tier 7 Max ($)' })).toHaveValue('10,000,000,000');
    expect(addTier).toBeDisabled();
  });

  it('keeps the rows sorted by Min ($) once a minimum is left, and sends only the rows kept', async () => {
    const user = userEvent.setup();
    const { writes } = renderScreen({
      routes: {
        [`PATCH /api/fee-schedules/${STANDARD_ID}`]: [200, 'Fee schedule updated successfully.', STANDARD],
      },
    });
    const dialog = await openStandard(user);
    const overlap = 'This value is already added in the structure.';

    // The last tier now starting at $400,000: it moves up when its Min ($) is left, and overlaps tier 1.
    await retype(user, tier(dialog, 3, 'Min ($)'), '400000');
    await user.tab();
    expect(tierValues(dialog)).toEqual([
      '0',
      '500,000',
      '100',
      '400,000',
      '10,000,000,000',
      '50',
      '500,000',
      '2,000,000',
      '75',
    ]);
    expect(tier(dialog, 2, 'Min ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(overlap)).toBeInTheDocument();

    // Back to $2,000,000: it goes back to the end and the structure is whole again.
    await retype(user, tier(dialog, 2, 'Min ($)'), '2000000');
    await user.tab();
    expect(tierValues(dialog).slice(3)).toEqual([
      '500,000',
      '2,000,000',
      '75',
      '2,000,000',
      '10,000,000,000',
      '50',
    ]);
    expect(within(dialog).queryByText(overlap)).not.toBeInTheDocument();

    // Removing the middle tier joins its neighbours; the saved tier left out is not sent (the server deletes it).
    await user.click(within(dialog).getByRole('button', { name: 'Remove tier 2' }));
    expect(tier(dialog, 2, 'Min ($)')).toHaveValue('500,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect((writes()[0]?.body as { tiers: unknown[] }).tiers).toEqual([
      { id: TIER_1, minimum: '0', maximum: '500000', rate: '100' },
      { id: TIER_3, minimum: '500000', maximum: '10000000000', rate: '50' },
    ]);
  });

  it("shows the server's field error on the field it names", async () => {
    const user = userEvent.setup();
    const message = 'Tier 2 cannot end inside a billing period that is already invoiced.';
    renderScreen({
      failures: {
        [`PATCH /api/fee-schedules/${STANDARD_ID}`]: {
          status: 400,
          message: 'Please correct the fee structure.',
          errors: [{ field: 'tiers.1.maximum', message }],
        },
      },
    });
    const dialog = await openStandard(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(tier(dialog, 2, 'Max ($)')).toHaveAttribute('aria-invalid', 'true'));
    expect(tier(dialog, 2, 'Max ($)')).toHaveAccessibleDescription(message);
    expect(tier(dialog, 2, 'Min ($)')).not.toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Please correct the fee structure.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit fee schedule' })).toBeInTheDocument();
  });

  it('shows a name already taken (409) on the Name field', async () => {
    const user = userEvent.setup();
    const message = 'A fee schedule with this name already exists.';
    renderScreen({
      failures: {
        [`PATCH /api/fee-schedules/${STANDARD_ID}`]: {
          status: 409,
          message,
          errors: [{ field: 'name', message }],
        },
      },
    });
    const dialog = await openStandard(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(message);
  });

  it('asks before discarding changes on Cancel, and closes an unchanged form at once', async () => {
    const user = userEvent.setup();
    const { writes } = renderScreen();
    let dialog = await openStandard(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Please Confirm?' })).not.toBeInTheDocument();

    dialog = await openStandard(user);
    await user.type(tier(dialog, 2, 'Rate (bps)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(confirm).toHaveTextContent('Discard the changes to this fee schedule?');

    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit fee schedule' })).not.toBeInTheDocument(),
    );
    expect(writes()).toEqual([]);
  });
});

describe('Fee schedule editor: what a new user tripped over', { timeout: 30_000 }, () => {
  const openNew = async (user: UserEvent) => {
    await user.click(await screen.findByRole('button', { name: 'Add fee schedule' }));
    return screen.findByRole('dialog', { name: 'Add fee schedule' });
  };

  it('refuses Add tier until the last tier is filled, saying so once', async () => {
    const user = userEvent.setup();
    renderScreen();
    const dialog = await openNew(user);
    const addTier = within(dialog).getByRole('button', { name: 'Add tier' });

    // The only tier has no rate yet: no new row, and the reason.
    await user.click(addTier);
    expect(tierValues(dialog)).toEqual(['0', '10,000,000,000', '']);
    expect(within(dialog).getByRole('status')).toHaveTextContent(ADD_TIER_REFUSED);
    await user.click(addTier);
    expect(within(dialog).getAllByText(ADD_TIER_REFUSED)).toHaveLength(1);

    // Filled: the tier is split, and the refusal is gone.
    await user.type(tier(dialog, 1, 'Rate (bps)'), '100');
    expect(within(dialog).queryByText(ADD_TIER_REFUSED)).not.toBeInTheDocument();
    await user.click(addTier);
    expect(tierValues(dialog)).toEqual(['0', '', '100', '', '10,000,000,000', '']);

    // The new last tier has no minimum and no rate yet.
    await user.click(addTier);
    expect(tierValues(dialog)).toHaveLength(6);
    expect(within(dialog).getByText(ADD_TIER_REFUSED)).toBeInTheDocument();
  });

  it("says 'Please enter the structure fields' once, however many fields are blank", async () => {
    const user = userEvent.setup();
    renderScreen();
    const dialog = await openNew(user);
    await user.type(tier(dialog, 1, 'Rate (bps)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    for (const field of [
      tier(dialog, 1, 'Max ($)'),
      tier(dialog, 2, 'Min ($)'),
      tier(dialog, 2, 'Rate (bps)'),
    ]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(within(dialog).getAllByText(FEE_SCHEDULE_MESSAGES.incomplete)).toHaveLength(1);
  });

  it("shows the spec's kind of message for a rate out of range, without the engine's diagnostics", async () => {
    const user = userEvent.setup();
    renderScreen();
    const dialog = await openStandard(user);
    await retype(user, tier(dialog, 2, 'Rate (bps)'), '0.5');
    await user.tab();

    expect(tier(dialog, 2, 'Rate (bps)')).toHaveAccessibleDescription('Rate must be at least 1.');
    expect(within(dialog).queryByText(/got/)).not.toBeInTheDocument();
  });

  it('asks before closing with Esc when there are changes, and closes an unchanged form at once', async () => {
    const user = userEvent.setup();
    const { writes } = renderScreen();
    let dialog = await openStandard(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    dialog = await openStandard(user);
    await user.type(tier(dialog, 2, 'Rate (bps)'), '5');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(confirm).toHaveTextContent('Discard the changes to this fee schedule?');
    expect(screen.getByRole('dialog', { name: 'Edit fee schedule' })).toBeInTheDocument();

    // Esc again answers the question (keep editing), and does not close the editor.
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Please Confirm?' })).not.toBeInTheDocument(),
    );
    expect(tier(dialog, 2, 'Rate (bps)')).toHaveValue('755');

    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Please Confirm?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit fee schedule' })).not.toBeInTheDocument(),
    );
    expect(writes()).toEqual([]);
  });
});

describe('Deleting and permissions', { timeout: 30_000 }, () => {
  it('says inside the confirmation where a schedule in use is used, without a Delete button', async () => {
    const user = userEvent.setup();
    const inUse = 'This fee schedule is used by 2 billing accounts and cannot be deleted.';
    const { writes } = renderScreen({
      routes: { [`DELETE /api/fee-schedules/${STANDARD_ID}`]: [409, inUse, null] },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Standard AUM' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(confirm).toHaveTextContent('Delete the fee schedule Standard AUM? This cannot be undone.');

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(inUse);
    expect(within(confirm).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.url])).toEqual([['DELETE', `/api/fee-schedules/${STANDARD_ID}`]]);
    expect(await rowOf('Standard AUM')).toBeInTheDocument();
  });

  it('shows a reader View actions and a read-only schedule without Save or Add', async () => {
    const user = userEvent.setup();
    renderScreen({ canWrite: false, canDelete: false });
    expect(await screen.findByRole('button', { name: 'View Standard AUM' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Standard AUM' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Standard AUM' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add fee schedule' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View Standard AUM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fee schedule' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('readonly');
    for (const column of ['Min ($)', 'Max ($)', 'Rate (bps)'] as const) {
      expect(tier(dialog, 2, column)).toHaveAttribute('readonly');
    }
    await user.type(tier(dialog, 2, 'Rate (bps)'), '5');
    expect(tier(dialog, 2, 'Rate (bps)')).toHaveValue('75');
    for (const name of ['Save', 'Add tier', 'Remove tier 1', 'Delete']) {
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(figure(dialog, 'Annual fee')).toHaveTextContent('$8,750.00');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});
