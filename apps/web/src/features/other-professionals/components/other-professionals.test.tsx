import type { OtherProfessionalItem } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { masterDataItemFixture } from '../../../test/fixtures.ts';
import { renderRoutes, renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { HouseholdLinks } from './household-links.tsx';
import { OtherProfessionalFormModal } from './other-professional-form-modal.tsx';
import { OtherProfessionalsManager } from './other-professionals-manager.tsx';
import { formatPhoneInput } from './phone-input.tsx';

beforeAll(() => {
  // The autosizing note field listens to document.fonts, which jsdom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

const STATE = masterDataItemFixture({
  id: 44,
  type: 'states',
  name: 'Texas',
  abbreviation: 'TX',
  parentId: 1,
  parentName: 'United States',
});

const PRO_ID = '3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const CLIENT_ID = '0c5c0a3e-8a59-4c9e-9f1c-1f6d1a2b3c4d';

const professional = (overrides: Partial<OtherProfessionalItem> = {}): OtherProfessionalItem => ({
  id: PRO_ID,
  type: 'CPA',
  fullName: 'Grace Miller',
  phoneNumber: '+15125550100',
  address: '100 Congress Ave',
  city: 'Austin',
  stateId: 44,
  state: 'Texas',
  zip: '78701',
  email: 'grace@millercpa.com',
  note: null,
  households: [{ clientId: CLIENT_ID, name: 'Bennett Household' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const renderForm = (
  target: OtherProfessionalItem | 'new' = 'new',
  routes: Parameters<typeof stubFetch>[0] = {},
) => {
  const stub = stubFetch({ 'POST /api/statesType': [200, 'Success', [STATE]], ...routes });
  vi.stubGlobal('fetch', stub.fetchStub);
  const onClose = vi.fn();
  renderWithProviders(<OtherProfessionalFormModal target={target} canLinkHouseholds onClose={onClose} />);
  const writes = () => stub.calls.filter((c) => c.url.startsWith('/api/other-professionals'));
  return { onClose, calls: stub.calls, writes };
};

/** The input of a labelled field (a picker's list is labelled by the same label). */
const field = (label: RegExp) => {
  const input = screen
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT' || el.tagName === 'TEXTAREA');
  if (!input) throw new Error(`no field ${String(label)}`);
  return input;
};

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['2', '+1 (2'],
    ['212555', '+1 (212) 555'],
    ['2125550123', '+1 (212) 555-0123'],
    ['12125550123', '+1 (212) 555-0123'],
    ['+1 (212) 555-01234', '+1 (212) 555-0123'],
    ['+1 (', ''],
  ])('%j → %j', (typed, shown) => expect(formatPhoneInput(typed)).toBe(shown));
});

describe('OtherProfessionalFormModal', { timeout: 30_000 }, () => {
  it('marks the required fields (type, full name, state)', async () => {
    const user = userEvent.setup();
    const { writes } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(writes()).toHaveLength(0);
  });

  it('shows every §5 Contact message and sends nothing', async () => {
    const user = userEvent.setup();
    const { writes } = renderForm();
    await user.type(field(/Full name/), '   ');
    await user.type(field(/Phone/), '212555');
    await user.type(field(/Email/), 'ab');
    await user.click(field(/Address/));
    await user.paste('x'.repeat(51));
    await user.click(field(/City/));
    await user.paste('y'.repeat(51));
    await user.type(field(/Zip/), '123');
    await user.click(field(/Note/));
    await user.paste('n'.repeat(151));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name cannot contain only spaces.')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number. Please provide a 10-digit number.')).toBeInTheDocument();
    expect(screen.getByText('Email must be at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Address can be up to 50 characters.')).toBeInTheDocument();
    expect(screen.getByText('City can be up to 50 characters.')).toBeInTheDocument();
    expect(screen.getByText('Zip must be 4 to 5 digits.')).toBeInTheDocument();
    expect(screen.getByText('Note can be up to 150 characters.')).toBeInTheDocument();

    await user.clear(field(/Full name/));
    await user.type(field(/Full name/), 'Al');
    await user.clear(field(/Email/));
    await user.type(field(/Email/), 'grace@example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name must be 3 to 75 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('formats the phone as it is typed and sends the values with the phone normalised', async () => {
    const user = userEvent.setup();
    const { writes, onClose } = renderForm('new', {
      'POST /api/other-professionals': [
        201,
        'Other professional added successfully.',
        professional({ households: [] }),
      ],
    });
    await user.type(field(/^Type/), 'CPA');
    await user.type(field(/Full name/), '  Grace Miller ');
    await user.type(field(/Phone/), '5125550100');
    expect(field(/Phone/)).toHaveValue('+1 (512) 555-0100');
    await user.click(field(/^State/));
    await user.click(await screen.findByRole('option', { name: 'Texas (TX)' }));
    await user.type(field(/Zip/), '78701');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      body: {
        type: 'CPA',
        fullName: 'Grace Miller',
        phoneNumber: '+15125550100',
        stateId: 44,
        zip: '78701',
        email: null,
        address: null,
        note: null,
      },
    });
    expect(await screen.findByText('Other professional added successfully.')).toBeInTheDocument();
  });

  it('shows a server field error next to its field', async () => {
    const user = userEvent.setup();
    const stub = stubFetch({ 'POST /api/statesType': [200, 'Success', [STATE]] });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/other-professionals'))
        return new Response(
          JSON.stringify({
            statusCode: 400,
            message: 'Please enter a valid email address.',
            errors: [{ field: 'email', message: 'Please enter a valid email address.' }],
          }),
          { status: 400 },
        );
      return stub.fetchStub(input, init);
    });
    renderWithProviders(
      <OtherProfessionalFormModal target={professional()} canLinkHouseholds onClose={vi.fn()} />,
    );
    expect(field(/Phone/)).toHaveValue('+1 (512) 555-0100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const email = field(/Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
  });

  it('links households found by the household search when they change', async () => {
    const user = userEvent.setup();
    const { writes, onClose, calls } = renderForm(professional({ households: [] }), {
      'PUT /api/other-professionals/3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d': [
        200,
        'Other professional updated successfully.',
        professional({ households: [] }),
      ],
      'PUT /api/other-professionals/3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d/households': [200, 'Success', null],
      'POST /api/globalSearch': [
        200,
        'Success',
        [
          {
            resultType: 'client',
            clientId: CLIENT_ID,
            accountId: null,
            title: 'Bennett Household',
            subtitle: null,
            memberId: null,
          },
        ],
      ],
    });
    await user.click(field(/Linked households/));
    await user.type(field(/Linked households/), 'Benet');
    await user.click(await screen.findByRole('option', { name: 'Bennett Household' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The picker asks the search service (typos allowed), not the clients list.
    expect(calls.filter((c) => c.url === '/api/globalSearch').map((c) => c.body)).toEqual([
      { searchText: 'Benet' },
    ]);
    expect(calls.some((c) => c.url.startsWith('/api/clients'))).toBe(false);
    expect(writes().map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', `/api/other-professionals/${PRO_ID}`, expect.objectContaining({ fullName: 'Grace Miller' })],
      ['PUT', `/api/other-professionals/${PRO_ID}/households`, { clientIds: [CLIENT_ID] }],
    ]);
  });
});

describe('OtherProfessionalsManager', { timeout: 30_000 }, () => {
  const renderManager = (
    rights = { canWrite: true, canDelete: true, canOpenHouseholds: true },
    path = '/otherProfessionals',
  ) => {
    const stub = stubFetch({
      'GET /api/other-professionals': [200, 'Success', [professional()]],
      [`DELETE /api/other-professionals/${PRO_ID}`]: [200, 'Other professional deleted successfully.', null],
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    const utils = renderRoutes(
      [{ path: '/otherProfessionals', element: <OtherProfessionalsManager rights={rights} /> }],
      [path],
    );
    return { ...utils, calls: stub.calls };
  };

  it('keeps its paging and order in the URL and links the households', async () => {
    const { router, calls } = renderManager();
    await waitFor(() =>
      expect(router.state.location.search).toBe('?pageNo=1&numberOfRecords=10&sortBy=fullName&order=ASC'),
    );
    const row = (await screen.findByText('Grace Miller')).closest('tr');
    if (!row) throw new Error('row missing');
    expect(within(row).getByRole('link', { name: 'Bennett Household' })).toHaveAttribute(
      'href',
      `/client-detail/${CLIENT_ID}`,
    );
    expect(within(row).getByText('+1 (512) 555-0100')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'grace@millercpa.com' })).toHaveAttribute(
      'title',
      'grace@millercpa.com',
    );
    const list = calls.filter((c) => c.url.startsWith('/api/other-professionals?')).at(-1);
    expect(list?.url).toContain('sortBy=fullName');
  });

  it('filters by type through the URL', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderManager();
    await screen.findByText('Grace Miller');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Attorney' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('type')).toBe('Attorney'),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/other-professionals?')).at(-1)?.url).toContain(
        'type=Attorney',
      ),
    );
  });

  it('deletes after the Please Confirm? dialog', async () => {
    const user = userEvent.setup();
    const { calls } = renderManager();
    await screen.findByText('Grace Miller');
    await user.click(screen.getByRole('button', { name: 'Delete Grace Miller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Other professional deleted successfully.')).toBeInTheDocument();
  });

  it('hides add, edit and delete without the permissions, and household links without clients read', async () => {
    renderManager({ canWrite: false, canDelete: false, canOpenHouseholds: false });
    await screen.findByText('Grace Miller');
    expect(screen.queryByRole('button', { name: 'Add other professional' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Grace Miller' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Grace Miller' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bennett Household' })).not.toBeInTheDocument();
    expect(screen.getByText('Bennett Household')).toBeInTheDocument();
  });
});

describe('HouseholdLinks', () => {
  const households = Array.from({ length: 14 }, (_, i) => ({
    clientId: `0c5c0a3e-8a59-4c9e-9f1c-1f6d1a2b3c${String(i).padStart(2, '0')}`,
    name: `Household ${i + 1}`,
  }));

  it('links the first three households and lists all of them behind "+N more"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HouseholdLinks households={households} professionalName="Grace Miller" asLinks />);
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Household 1',
      'Household 2',
      'Household 3',
    ]);
    const more = screen.getByRole('button', { name: '+11 more households of Grace Miller' });
    expect(more).toHaveTextContent('+11 more');

    await user.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Households of Grace Miller (14)' });
    const links = within(dialog).getAllByRole('link');
    expect(links).toHaveLength(14);
    expect(links[13]).toHaveTextContent('Household 14');
    expect(links[13]).toHaveAttribute('href', `/client-detail/${households[13]?.clientId}`);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows no button up to three households, and plain names without clients read', () => {
    const { container } = renderWithProviders(
      <HouseholdLinks households={households.slice(0, 3)} professionalName="Grace Miller" asLinks={false} />,
    );
    const cell = within(container);
    expect(cell.getByText('Household 3')).toBeInTheDocument();
    expect(cell.queryByRole('link')).not.toBeInTheDocument();
    expect(cell.queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
  });
});
