import { FEATURES, type Role, type RolePermissionRow } from '@centric/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { RolesScreen } from './roles.tsx';

const role = (id: number, displayName: string): Role => ({
  id,
  role: displayName.toUpperCase().replace(/ /g, '_'),
  displayName,
  description: '',
  active: true,
  editable: true,
  userCount: 2,
  createdAt: '2026-01-15T12:00:00.000Z',
});
const OPERATIONS = role(5, 'Operations');
const ADVISOR = role(2, 'Wealth Advisor');

const none = (): RolePermissionRow[] =>
  FEATURES.map((feature) => ({ feature, read: false, write: false, delete: false }));

/** /roles inside a shell with a sidebar link, signed in as a user who may write roles. */
const renderRoles = () => {
  startFullSession({ token: 'full-token', sso: false, user: makeUser() });
  const { fetchStub, calls } = stubFetch({
    'GET /api/roles': [200, 'Success', [OPERATIONS, ADVISOR]],
    'GET /api/roles/5/permissions': [200, 'Success', { roleId: 5, editable: true, permissions: none() }],
    'GET /api/roles/2/permissions': [200, 'Success', { roleId: 2, editable: true, permissions: none() }],
  });
  vi.stubGlobal('fetch', fetchStub);
  const utils = renderRoutes(
    [
      {
        element: (
          <>
            <Link to="/users">Users</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: '/roles', element: <RolesScreen /> },
          { path: '/users', element: <p>Users screen</p> },
        ],
      },
    ],
    ['/roles?roleId=5'],
  );
  return { ...utils, calls };
};

// A busy machine (the whole suite on two cores) renders a screen, or opens a modal, in more than findBy's
// default second: seen at over 5 s there.
const WAIT = { timeout: 10_000 };
const leaveQuestion = () => screen.findByRole('dialog', { name: 'Leave without saving?' }, WAIT);

describe('Roles: leaving the permission grid with unsaved changes', { timeout: 30_000 }, () => {
  it('asks before choosing another role, and stays with the changes on Stay', async () => {
    const user = userEvent.setup();
    const { router } = renderRoles();
    await user.click(await screen.findByRole('checkbox', { name: 'Read Clients' }, WAIT));

    await user.click(screen.getByRole('button', { name: 'Permissions of Wealth Advisor' }));
    const question = await leaveQuestion();
    expect(question).toHaveTextContent(
      'Your changes to the permissions of Operations are not saved. Leave and discard them?',
    );
    await user.click(within(question).getByRole('button', { name: 'Stay' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?roleId=5');
    expect(screen.getByRole('heading', { name: 'Permissions of Operations' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Read Clients' })).toBeChecked();
  });

  it('asks before following a link, then leaves and discards on Leave', async () => {
    const user = userEvent.setup();
    const { router } = renderRoles();
    await user.click(await screen.findByRole('checkbox', { name: 'Write Notes' }, WAIT));

    await user.click(screen.getByRole('link', { name: 'Users' }));
    const question = await leaveQuestion();
    expect(router.state.location.pathname).toBe('/roles');
    await user.click(within(question).getByRole('button', { name: 'Leave and discard' }));

    expect(await screen.findByText('Users screen', {}, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
  });

  it('asks on the browser back button too', async () => {
    const user = userEvent.setup();
    const { router } = renderRoles();
    await screen.findByRole('checkbox', { name: 'Read Clients' }, WAIT);
    await router.navigate('/roles?roleId=2');
    await screen.findByRole('heading', { name: 'Permissions of Wealth Advisor' }, WAIT);
    await user.click(await screen.findByRole('checkbox', { name: 'Read Clients' }, WAIT));
    // The change is on screen (and the guard armed) before the browser goes back.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Read Clients' })).toBeChecked(), WAIT);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    await router.navigate(-1);
    expect(router.state.location.search).toBe('?roleId=2');
    await leaveQuestion();
    expect(router.state.location.search).toBe('?roleId=2');
  });

  it("asks the browser's own question on reload or close, only while there are changes", async () => {
    const user = userEvent.setup();
    renderRoles();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      fireEvent(window, event);
      return event.defaultPrevented;
    };
    await screen.findByRole('checkbox', { name: 'Read Clients' }, WAIT);
    expect(unload()).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Read Clients' }));
    expect(unload()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(unload()).toBe(false);
  });

  it('switches role at once when nothing changed', async () => {
    const user = userEvent.setup();
    const { router } = renderRoles();
    await screen.findByRole('checkbox', { name: 'Read Clients' }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Permissions of Wealth Advisor' }));

    expect(
      await screen.findByRole('heading', { name: 'Permissions of Wealth Advisor' }, WAIT),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?roleId=2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
