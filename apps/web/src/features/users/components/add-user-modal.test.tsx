import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { AddUserModal } from './add-user-modal.tsx';

const OPTIONS = {
  roles: [
    { id: 1, role: 'Administrator' },
    { id: 2, role: 'Wealth Advisor' },
  ],
  teams: [{ id: 7, name: 'North' }],
};

const CREATED = {
  id: '0b9f3c1e-3a4d-4c2b-9e8f-1a2b3c4d5e6f',
  fullName: 'Nora Quinn',
  email: 'nora@centric.local',
  profileImageUrl: null,
  status: 'ACTIVE',
  role: { id: 2, role: 'Wealth Advisor' },
  teams: [{ id: 7, name: 'North' }],
  invitationAccepted: false,
  invitationStatus: 'PENDING',
  invitationExpiresAt: '2030-01-01T00:00:00.000Z',
  mfaEnrolled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => notifications.clean());

const setup = (answer: [number, string, unknown] = [201, 'New user added.', CREATED]) => {
  startFullSession({ token: 'full-token', sso: false, user: makeUser() });
  const { fetchStub, calls } = stubFetch({
    'GET /api/users/options': [200, 'Success', OPTIONS],
    'POST /api/users': answer,
  });
  vi.stubGlobal('fetch', fetchStub);
  const onClose = vi.fn();
  renderWithProviders(<AddUserModal opened onClose={onClose} />);
  return { calls, onClose, typist: userEvent.setup() };
};

const pickRole = async (typist: ReturnType<typeof userEvent.setup>, name: string) => {
  await typist.click(screen.getByRole('combobox', { name: 'Role' }));
  await typist.click(await screen.findByRole('option', { name }));
};

describe('AddUserModal', () => {
  it("says 'Please fill all required field' and sends nothing while a required field is empty", async () => {
    const { calls, typist } = setup();
    await typist.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill all required field');
    await typist.type(screen.getByRole('textbox', { name: 'Full name' }), 'Nora Quinn');
    await typist.type(screen.getByRole('textbox', { name: 'Email' }), 'nora@centric.local');
    await typist.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill all required field');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('checks the email format', async () => {
    const { calls, typist } = setup();
    await typist.type(screen.getByRole('textbox', { name: 'Full name' }), 'Nora Quinn');
    await typist.type(screen.getByRole('textbox', { name: 'Email' }), 'nora-at-centric');
    await pickRole(typist, 'Wealth Advisor');
    await typist.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("sends name, email, role and teams, then shows 'New user added.'", async () => {
    const { calls, onClose, typist } = setup();
    await typist.type(screen.getByRole('textbox', { name: 'Full name' }), ' Nora Quinn ');
    await typist.type(screen.getByRole('textbox', { name: 'Email' }), 'Nora@Centric.local');
    await pickRole(typist, 'Wealth Advisor');
    await typist.click(screen.getByRole('combobox', { name: 'Teams' }));
    await typist.click(await screen.findByRole('option', { name: 'North' }));
    await typist.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('New user added.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      fullName: 'Nora Quinn',
      email: 'nora@centric.local',
      roleId: 2,
      teamIds: [7],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's message for a refusal", async () => {
    const { typist } = setup([409, 'A user with this email already exists.', null]);
    await typist.type(screen.getByRole('textbox', { name: 'Full name' }), 'Nora');
    await typist.type(screen.getByRole('textbox', { name: 'Email' }), 'olivia@centric.local');
    await pickRole(typist, 'Administrator');
    await typist.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('A user with this email already exists.')).toBeInTheDocument();
  });

  it("answers a server failure with 'Something went wrong, please try again'", async () => {
    const { typist } = setup([500, 'Internal Server Error (request 1)', null]);
    await typist.type(screen.getByRole('textbox', { name: 'Full name' }), 'Nora');
    await typist.type(screen.getByRole('textbox', { name: 'Email' }), 'nora@centric.local');
    await pickRole(typist, 'Administrator');
    await typist.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Something went wrong, please try again')).toBeInTheDocument();
  });
});
