import { MASTER_DATA_LISTS, type MasterDataItem } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { masterDataItemFixture } from '../../../test/fixtures.ts';
import { makeUser, permissions, renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { MasterDataFormModal } from './master-data-form-modal.tsx';
import { MasterDataManager } from './master-data-manager.tsx';

const item = masterDataItemFixture;

const renderForm = (type: keyof typeof MASTER_DATA_LISTS, editing: MasterDataItem | null = null) => {
  const spec = MASTER_DATA_LISTS[type];
  const onClose = vi.fn();
  renderWithProviders(
    <MasterDataFormModal
      spec={spec}
      listRef={{ type: type as never }}
      item={editing}
      opened
      onClose={onClose}
    />,
  );
  return { onClose };
};

describe('MasterDataFormModal', () => {
  it('renders exactly the fields of the list from its description', () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/master-data/country': [200, 'Success', []] }).fetchStub);
    renderForm('states');
    const form = screen.getByRole('form', { name: 'Add state' });
    expect(within(form).getByRole('textbox', { name: /Name/ })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Abbreviation/ })).toBeInTheDocument();
    expect(within(form).getAllByLabelText(/Country/).length).toBeGreaterThan(0);
    expect(within(form).queryByRole('textbox', { name: /Description/ })).not.toBeInTheDocument();
  });

  it('shows the spec messages: Required, only spaces, and max age greater than min age', async () => {
    const { fetchStub, calls } = stubFetch({});
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderForm('age-range');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);

    await user.type(screen.getByRole('textbox', { name: /Name/ }), '   ');
    await user.type(screen.getByRole('textbox', { name: /Min age/ }), '40');
    await user.type(screen.getByRole('textbox', { name: /Max age/ }), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name cannot contain only spaces.')).toBeInTheDocument();
    expect(screen.getByText('Max age must be greater than min age.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the trimmed values and closes on success', async () => {
    const { fetchStub, calls } = stubFetch({
      'POST /api/master-data/marketing-segment': [
        201,
        'Value added successfully.',
        item({ type: 'marketing-segment', name: 'Pre-Retirees', description: 'Near retirement.' }),
      ],
    });
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    const { onClose } = renderForm('marketing-segment');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), '  Pre-Retirees ');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Near retirement.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/master-data/marketing-segment',
      body: { name: 'Pre-Retirees', description: 'Near retirement.' },
    });
  });

  it("puts the server's field errors on their fields and keeps the form open", async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            statusCode: 409,
            message: 'Gender "Male" already exists.',
            result: null,
          }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const user = userEvent.setup();
    const { onClose } = renderForm('gender', item({ name: 'Female', id: 2 }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Female');
    await user.clear(name);
    await user.type(name, 'Male');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gender "Male" already exists.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('MasterDataManager', () => {
  const list = [item({ id: 1, name: 'Female' }), item({ id: 2, name: 'Male' })];

  it('lists the values and offers add, edit and delete to an administrator', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/master-data/gender': [200, 'Success', list] }).fetchStub);
    startFullSession({
      token: 't'.repeat(40),
      sso: false,
      user: makeUser({ role: { id: 1, role: 'Administrator' } }),
    });
    renderWithProviders(<MasterDataManager spec={MASTER_DATA_LISTS.gender} type="gender" />);
    expect(await screen.findByRole('cell', { name: 'Female' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add gender' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Male' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Male' })).toBeInTheDocument();
  });

  it('hides the write and delete buttons without masterData write/delete permission', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/master-data/gender': [200, 'Success', list] }).fetchStub);
    const readOnly = permissions().map((p) =>
      p.feature === 'masterData' ? { ...p, write: false, delete: false } : p,
    );
    startFullSession({ token: 't'.repeat(40), sso: false, user: makeUser({ userPermission: readOnly }) });
    renderWithProviders(<MasterDataManager spec={MASTER_DATA_LISTS.gender} type="gender" />);
    expect(await screen.findByRole('cell', { name: 'Male' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add gender/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('shows the empty state when a list has no values', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/master-data/sources': [200, 'Success', []] }).fetchStub);
    startFullSession({ token: 't'.repeat(40), sso: false, user: makeUser() });
    renderWithProviders(<MasterDataManager spec={MASTER_DATA_LISTS.sources} type="sources" />);
    expect(await screen.findByText('No sources yet')).toBeInTheDocument();
  });
});
