import { CLIENT_MESSAGES } from '@centric/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../../lib/session.ts';
import { makeUser, permissions, renderWithProviders, stubFetch } from '../../../../test/render.tsx';
import { ClientDetailView, HouseholdHighlights } from './client-detail-view.tsx';
import { CLIENT_ID, PRIMARY_ID, SECONDARY_ID, detailFixture } from './test-fixtures.ts';

vi.mock('../member-wizard/member-wizard.tsx', () => ({
  MemberWizard: ({ memberId }: { memberId?: string }) => (
    <div role="dialog" aria-label="Member wizard">
      {memberId ? `Editing ${memberId}` : 'Adding a member'}
    </div>
  ),
}));

const DETAIL_URL = `GET /api/clients/${CLIENT_ID}`;

beforeEach(() => notifications.clean());

type Rights = Parameters<typeof permissions>[0];

const setup = (
  routes: Record<string, [number, string, unknown]> = {},
  denied: Rights = {},
  custom?: ReturnType<typeof permissions>,
) => {
  startFullSession({
    token: 'full-token',
    sso: false,
    user: makeUser({ userPermission: custom ?? permissions(denied) }),
  });
  const { fetchStub, calls } = stubFetch({ [DETAIL_URL]: [200, 'Success', detailFixture()], ...routes });
  vi.stubGlobal('fetch', fetchStub);
  renderWithProviders(
    <ClientDetailView clientId={CLIENT_ID}>
      {(detail) => <HouseholdHighlights detail={detail} />}
    </ClientDetailView>,
  );
  return { calls, typist: userEvent.setup() };
};

const section = (name: string) => screen.getByRole('region', { name });

/** Only clients read and write/delete as given; everything else allowed. */
const clientsRights = (write: boolean, del: boolean) =>
  permissions().map((p) => (p.feature === 'clients' ? { ...p, read: true, write, delete: del } : p));

// The page is large and the typing realistic: allow for a busy machine.
describe('ClientDetailView', { timeout: 30_000 }, () => {
  it('renders every section from the detail, members primary first with their age labels', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Carter Household', level: 1 })).toBeInTheDocument();

    const members = within(section('Members')).getAllByRole('listitem');
    expect(members.map((li) => li.getAttribute('aria-label'))).toEqual([
      'John Carter',
      'Mary Carter',
      'Lily Carter',
      'Rex Carter',
    ]);
    expect(within(members[0]!).getByText('Turning 52')).toBeInTheDocument();
    expect(within(members[0]!).getByText('Person · Primary')).toBeInTheDocument();
    expect(within(members[0]!).getByText('DOB 03/14/1975')).toBeInTheDocument();
    expect(within(members[0]!).getByText('“Jack”')).toBeInTheDocument();
    expect(within(members[1]!).getByText('Turned 44')).toBeInTheDocument();
    expect(within(members[2]!).getByText('Turning 1')).toBeInTheDocument();
    expect(within(members[3]!).getByText('Deceased 01/10/2024')).toBeInTheDocument();

    const contacts = section('Contact details');
    expect(within(contacts).getByRole('link', { name: '+1 (555) 123-4567' })).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
    expect(within(contacts).getByRole('link', { name: 'john@carter.example' })).toHaveAttribute(
      'href',
      'mailto:john@carter.example',
    );
    expect(
      within(contacts).getByText('12 Main Street, Suite 4, Springfield, IL 62704, USA'),
    ).toBeInTheDocument();

    const team = section('Team');
    expect(within(team).getByText('Olivia Bennett')).toBeInTheDocument();
    expect(within(team).getAllByText('Not assigned')).toHaveLength(5);

    const dates = section('Special dates');
    expect(within(dates).getByText('Birthday')).toBeInTheDocument();
    expect(within(dates).getByText('03/14/1975')).toBeInTheDocument();

    expect(within(section('Family & milestones')).getByText('Noah Carter')).toBeInTheDocument();
    expect(within(section('Relationships')).getByText('Father')).toBeInTheDocument();

    const intros = section('Introductions');
    expect(within(intros).getByRole('link', { name: 'Hughes Household' })).toHaveAttribute(
      'href',
      '/client-detail/8d000000-0000-4000-8000-000000000001',
    );
    expect(within(intros).getByRole('link', { name: 'Nguyen Household' })).toBeInTheDocument();
    expect(within(section('Other professionals')).getByText('Dana Whitfield')).toBeInTheDocument();

    // Header facts
    expect(screen.getByText('07/15/2026')).toBeInTheDocument();
    expect(screen.getByText('Financial Life Management')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Status: Active/ })).toBeInTheDocument();
  });

  it('shows the empty states with their add buttons', async () => {
    setup({
      [DETAIL_URL]: [
        200,
        'Success',
        detailFixture({
          specialDates: [],
          milestones: [],
          relationships: [],
          otherProfessionals: [],
          introductions: [],
        }),
      ],
    });
    const dates = await screen.findByRole('region', { name: 'Special dates' });
    expect(within(dates).getByText('No special dates yet')).toBeInTheDocument();
    expect(within(dates).getAllByRole('button', { name: 'Add special date' }).length).toBeGreaterThan(0);
    expect(within(section('Family & milestones')).getByText('No milestones yet')).toBeInTheDocument();
    expect(within(section('Relationships')).getByText('No relationships yet')).toBeInTheDocument();
  });

  it('adds a special date: every §5 message, then the server duplicate on the date type field', async () => {
    const duplicate = CLIENT_MESSAGES.specialDateDuplicate;
    const { calls, typist } = setup({
      [`POST /api/clients/${CLIENT_ID}/special-dates`]: [409, duplicate, null],
    });
    const dates = await screen.findByRole('region', { name: 'Special dates' });
    await typist.click(within(dates).getByRole('button', { name: 'Add special date' }));
    const form = await screen.findByRole('form', { name: 'Add special date' });

    await typist.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Required')).toHaveLength(3);

    await typist.click(within(form).getByRole('combobox', { name: 'Member' }));
    await typist.click(await screen.findByRole('option', { name: 'Mary Carter' }));
    await typist.click(within(form).getByRole('combobox', { name: 'Date type' }));
    await typist.click(await screen.findByRole('option', { name: 'Anniversary' }));
    await typist.type(within(form).getByRole('textbox', { name: 'Date' }), '12311899');
    await typist.click(within(form).getByRole('textbox', { name: 'Description' }));
    await typist.paste('x'.repeat(76));
    await typist.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(CLIENT_MESSAGES.invalidDate)).toBeInTheDocument();
    expect(within(form).getByText(CLIENT_MESSAGES.descriptionMax75)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const date = within(form).getByRole('textbox', { name: 'Date' });
    await typist.clear(date);
    await typist.type(date, '06202010');
    const description = within(form).getByRole('textbox', { name: 'Description' });
    await typist.clear(description);
    await typist.paste('Wedding anniversary');
    await typist.click(within(form).getByRole('button', { name: 'Save' }));

    const dateType = within(form).getByRole('combobox', { name: 'Date type' });
    await waitFor(() => expect(dateType).toHaveAccessibleDescription(duplicate));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/api/clients/${CLIENT_ID}/special-dates`,
      body: {
        memberId: SECONDARY_ID,
        dateType: 'Anniversary',
        date: '2010-06-20',
        description: 'Wedding anniversary',
      },
    });
    expect(screen.getByRole('form', { name: 'Add special date' })).toBeInTheDocument();
  });

  it('refuses a duplicate already on the page without calling the server', async () => {
    const { calls, typist } = setup();
    const dates = await screen.findByRole('region', { name: 'Special dates' });
    await typist.click(within(dates).getByRole('button', { name: 'Add special date' }));
    const form = await screen.findByRole('form', { name: 'Add special date' });
    await typist.click(within(form).getByRole('combobox', { name: 'Member' }));
    await typist.click(await screen.findByRole('option', { name: 'John Carter' }));
    await typist.click(within(form).getByRole('combobox', { name: 'Date type' }));
    await typist.click(await screen.findByRole('option', { name: 'Birthday' }));
    await typist.type(within(form).getByRole('textbox', { name: 'Date' }), '03141975');
    await typist.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(CLIENT_MESSAGES.specialDateDuplicate)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks for confirmation before deleting a special date, then deletes it', async () => {
    const id = '5d000000-0000-4000-8000-000000000001';
    const { calls, typist } = setup({
      [`DELETE /api/clients/${CLIENT_ID}/special-dates/${id}`]: [
        200,
        'Special date deleted successfully.',
        null,
      ],
    });
    const dates = await screen.findByRole('region', { name: 'Special dates' });
    await typist.click(within(dates).getByRole('button', { name: 'Delete Birthday of John Carter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(within(dialog).getByText(/delete the Birthday of John Carter/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await typist.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Special date deleted successfully.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('deletes a member after confirmation and never offers to delete the primary', async () => {
    const { calls, typist } = setup({
      [`DELETE /api/clients/${CLIENT_ID}/members/${SECONDARY_ID}`]: [
        200,
        'Member deleted successfully.',
        null,
      ],
    });
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(within(members).queryByRole('button', { name: 'Delete John Carter' })).not.toBeInTheDocument();
    expect(within(members).getByRole('button', { name: 'Edit John Carter' })).toBeInTheDocument();

    await typist.click(within(members).getByRole('button', { name: 'Delete Mary Carter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    await typist.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Member deleted successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      `/api/clients/${CLIENT_ID}/members/${SECONDARY_ID}`,
    );
  });

  it('opens the member wizard to add a member and to edit one', async () => {
    const { typist } = setup();
    const members = await screen.findByRole('region', { name: 'Members' });
    await typist.click(within(members).getByRole('button', { name: 'Add member' }));
    expect(screen.getByRole('dialog', { name: 'Member wizard' })).toHaveTextContent('Adding a member');
  });

  it('opens the member wizard on a member to edit it', async () => {
    const { typist } = setup();
    const members = await screen.findByRole('region', { name: 'Members' });
    await typist.click(within(members).getByRole('button', { name: 'Edit John Carter' }));
    expect(screen.getByRole('dialog', { name: 'Member wizard' })).toHaveTextContent(`Editing ${PRIMARY_ID}`);
  });

  it('hides every write and delete action from a read-only user', async () => {
    setup({}, {}, clientsRights(false, false));
    await screen.findByRole('heading', { name: 'Carter Household', level: 1 });
    for (const name of [
      'Add member',
      'Edit team',
      'Add special date',
      'Add milestone',
      'Add relationship',
      'Edit introducer',
      'Manage',
      'Rename household',
      'Edit John Carter',
      'Delete Mary Carter',
      'Delete Birthday of John Carter',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /Status: Active/ })).not.toBeInTheDocument();
    expect(within(section('Household summary')).getByText('Active')).toBeInTheDocument();
  });

  it('lets a writer without delete permission edit but not delete', async () => {
    setup({}, {}, clientsRights(true, false));
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(within(members).getByRole('button', { name: 'Add member' })).toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: 'Delete Mary Carter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Birthday of John Carter' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Birthday of John Carter' })).toBeInTheDocument();
  });

  it('hides the other professionals without otherProfessionals read', async () => {
    setup({}, { otherProfessionals: true });
    await screen.findByRole('heading', { name: 'Carter Household', level: 1 });
    expect(screen.queryByRole('region', { name: 'Other professionals' })).not.toBeInTheDocument();
    expect(screen.queryByText('Dana Whitfield')).not.toBeInTheDocument();
  });

  it('changes the status from the header menu with the server message in a toast', async () => {
    const { calls, typist } = setup({
      [`PATCH /api/clients/${CLIENT_ID}`]: [
        200,
        'Household updated successfully.',
        detailFixture({ status: 'INACTIVE' }),
      ],
    });
    await typist.click(await screen.findByRole('button', { name: /Status: Active/ }));
    await typist.click(await screen.findByRole('menuitem', { name: 'Inactive' }));
    expect(await screen.findByText('Household updated successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'INACTIVE' });
    // The answer is the household: the page shows it without reading the household again.
    expect(await screen.findByRole('button', { name: /Status: Inactive/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET' && c.url === `/api/clients/${CLIENT_ID}`)).toHaveLength(1);
  });

  it('edits the team with user pickers and saves every role', async () => {
    const marcus = {
      id: '9d3c1b2a-0000-4000-8000-00000000000b',
      fullName: 'Marcus Reed',
      email: 'marcus.reed@centric.local',
      profileImageUrl: null,
    };
    const { calls, typist } = setup({
      'GET /api/users/search': [200, 'Success', [marcus]],
      [`PUT /api/clients/${CLIENT_ID}/team`]: [200, 'Team updated successfully.', detailFixture()],
    });
    const team = await screen.findByRole('region', { name: 'Team' });
    await typist.click(within(team).getByRole('button', { name: 'Edit team' }));
    const form = await screen.findByRole('form', { name: 'Edit team' });
    expect(within(form).getByRole('combobox', { name: 'Wealth Advisor 1' })).toHaveValue('Olivia Bennett');
    await typist.click(within(form).getByRole('combobox', { name: 'Solicitor' }));
    await typist.click(await screen.findByRole('option', { name: /Marcus Reed/ }));
    await typist.click(within(form).getByRole('button', { name: 'Save team' }));
    expect(await screen.findByText('Team updated successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      WEALTH_ADVISOR_1: '9d3c1b2a-0000-4000-8000-00000000000a',
      WEALTH_ADVISOR_2: null,
      WEALTH_ADVISOR_3: null,
      BUSINESS_DEVELOPER: null,
      SOLICITOR: marcus.id,
      FINANCIAL_PLANNER: null,
    });
    expect(calls.some((c) => c.url.startsWith('/api/users/search'))).toBe(true);
  });

  it('records a professional as the introducer with PATCH', async () => {
    const professional = {
      ...detailFixture().otherProfessionals[0]!,
      households: [],
    };
    const { calls, typist } = setup({
      'GET /api/other-professionals': [200, 'Success', [professional]],
      [`PATCH /api/clients/${CLIENT_ID}`]: [200, 'Household updated successfully.', detailFixture()],
    });
    const intros = await screen.findByRole('region', { name: 'Introductions' });
    await typist.click(within(intros).getByRole('button', { name: 'Edit introducer' }));
    const form = await screen.findByRole('form', { name: 'Introduced by' });
    await typist.click(within(form).getByText('Professional'));
    await typist.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Required')).toBeInTheDocument();
    await typist.click(within(form).getByRole('combobox', { name: 'Professional' }));
    await typist.click(await screen.findByRole('option', { name: 'Dana Whitfield (CPA)' }));
    await typist.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Household updated successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      introducedByClientId: null,
      introducedByProfessionalId: professional.id,
    });
  });

  it('shows "Household not found" with a way back on 404', async () => {
    setup({ [DETAIL_URL]: [404, 'Household not found.', null] });
    expect(await screen.findByRole('heading', { name: 'Household not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to households/ })).toHaveAttribute('href', '/clients');
  });

  it('shows "Household not found" for a malformed id without calling the server', () => {
    startFullSession({ token: 'full-token', sso: false, user: makeUser() });
    const { fetchStub, calls } = stubFetch({});
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(
      <ClientDetailView clientId="not-a-uuid">
        {(detail) => <HouseholdHighlights detail={detail} />}
      </ClientDetailView>,
    );
    expect(screen.getByRole('heading', { name: 'Household not found' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers a retry when the server fails', async () => {
    const { calls, typist } = setup({ [DETAIL_URL]: [500, 'Internal Server Error', null] });
    expect(await screen.findByText('The household could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to households/ })).toHaveAttribute('href', '/clients');
    await typist.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(1));
  });
});
