import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { ChangePasswordModal } from './change-password-modal.tsx';

const user = makeUser();

const renderModal = () =>
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: <ChangePasswordModal opened onClose={() => undefined} userId={user.id} />,
      },
      { path: '/waprofile/:id', element: <p>Profile page</p> },
    ],
    ['/dashboard'],
  );

describe('ChangePasswordModal', () => {
  it('keeps Update Password disabled until old, new and matching confirmation are valid', async () => {
    renderModal();
    const typist = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Update Password' });
    expect(submit).toBeDisabled();

    await typist.type(screen.getByLabelText('Old Password'), 'Old#pass1');
    await typist.type(screen.getByLabelText('New Password'), 'weak');
    expect(submit).toBeDisabled();
    expect(await screen.findByText('Password must be 8 to 14 characters long.')).toBeInTheDocument();

    await typist.clear(screen.getByLabelText('New Password'));
    await typist.type(screen.getByLabelText('New Password'), 'New#pass12');
    await typist.type(screen.getByLabelText('Confirm New Password'), 'New#pass13');
    expect(await screen.findByText('New Password and confirm password must be the same')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await typist.clear(screen.getByLabelText('Confirm New Password'));
    await typist.type(screen.getByLabelText('Confirm New Password'), 'New#pass12');
    await vi.waitFor(() => expect(submit).toBeEnabled());
  });

  it('changes the password, shows the success toast and opens the profile page', async () => {
    startFullSession({ token: 'full-token', sso: false, user });
    const { fetchStub, calls } = stubFetch({
      'POST /api/changePassword': [200, 'Password updated successfully', null],
    });
    vi.stubGlobal('fetch', fetchStub);
    renderModal();
    const typist = userEvent.setup();

    await typist.type(screen.getByLabelText('Old Password'), 'Old#pass1');
    await typist.type(screen.getByLabelText('New Password'), 'New#pass12');
    await typist.type(screen.getByLabelText('Confirm New Password'), 'New#pass12');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled());
    await typist.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(screen.getByText('Password updated successfully')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ oldPassword: 'Old#pass1', newPassword: 'New#pass12' });
  });
});
