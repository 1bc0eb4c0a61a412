import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { ProfileScreen } from './profile.tsx';

const user = makeUser({
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  role: { id: 2, role: 'Wealth Advisor' },
});

const renderProfile = (path: string) =>
  renderRoutes(
    [
      { path: '/waprofile/:id', element: <ProfileScreen /> },
      { path: '/unauthorized', element: <p>Unauthorized page</p> },
    ],
    [path],
  );

describe('ProfileScreen', () => {
  it("shows the signed-in user's name, email and role", () => {
    startFullSession({ token: 'tok', sso: false, user });
    renderProfile(`/waprofile/${user.id}?tab=personal`);
    expect(screen.getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getAllByText('grace@example.com').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Wealth Advisor').length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'Personal details' })).toHaveAttribute('aria-selected', 'true');
  });

  it("sends another user's profile to the unauthorized page", () => {
    startFullSession({ token: 'tok', sso: false, user });
    renderProfile('/waprofile/00000000-0000-4000-8000-000000000000');
    expect(screen.getByText('Unauthorized page')).toBeInTheDocument();
  });

  it('refuses a picture that is not jpg, jpeg or png without uploading it', async () => {
    startFullSession({ token: 'tok', sso: false, user });
    const { fetchStub, calls } = stubFetch({});
    vi.stubGlobal('fetch', fetchStub);
    const { container } = renderProfile(`/waprofile/${user.id}`);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('file input missing');

    await userEvent.upload(input, new File(['gif'], 'me.gif', { type: 'image/gif' }), { applyAccept: false });

    expect(
      await screen.findByText('File format accepted only .jpg, .jpeg, .png up to 15 MB'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/waprofile/image'))).toHaveLength(0);
  });
});
