import type { NotificationItem, NotificationPreference } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { EmailPreferences } from './email-preferences.tsx';
import { NotificationBell, bellLabel } from './notification-bell.tsx';

const ME = makeUser();
const NOTE_ID = '9b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d';
const CLIENT_ID = '0c5c0a3e-8a59-4c9e-9f1c-1f6d1a2b3c4d';
const LINK = `/client-detail/${CLIENT_ID}?leftPanel=notes&noteId=${NOTE_ID}`;

const notification = (overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  id: '1f2e3d4c-5b6a-4789-8a9b-0c1d2e3f4a5b',
  kind: 'MENTIONED',
  title: 'Olivia Bennett mentioned you in a note',
  body: 'Please call the Bennetts about the trust documents before Friday.',
  link: LINK,
  actor: { id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', fullName: 'Olivia Bennett' },
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...overrides,
});

const stub = (routes: Parameters<typeof stubFetch>[0]) => {
  const s = stubFetch(routes);
  vi.stubGlobal('fetch', s.fetchStub);
  return s;
};

const renderBell = () =>
  renderRoutes(
    [
      { path: '/dashboard', element: <NotificationBell userId={ME.id} /> },
      { path: '/client-detail/:clientId', element: <p>household page</p> },
      { path: '/waprofile/:id', element: <p>profile page</p> },
    ],
    ['/dashboard'],
  );

beforeEach(() => {
  startFullSession({ token: 'full-token', sso: false, user: ME });
});

describe('NotificationBell', () => {
  it('says the unread count in its name', async () => {
    stub({ 'GET /api/notifications/count': [200, 'Success', { count: 3 }] });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(bellLabel(0)).toBe('Notifications');
  });

  it('opens the inbox as a dialog, and Escape closes it', async () => {
    stub({
      'GET /api/notifications/count': [200, 'Success', { count: 1 }],
      'GET /api/notifications': [200, 'Success', [notification()]],
    });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('Olivia Bennett mentioned you in a note')).toBeInTheDocument();
    expect(within(dialog).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(dialog).getByText(/Please call the Bennetts/)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the notification’s record, then marks it read', async () => {
    const item = notification();
    const { calls } = stub({
      'GET /api/notifications/count': [200, 'Success', { count: 1 }],
      'GET /api/notifications': [200, 'Success', [item]],
      [`PUT /api/notifications/${item.id}/read`]: [200, 'Notification marked as read.', null],
    });
    const { router } = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Olivia Bennett mentioned you/ }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(LINK),
    );
    expect(screen.getByText('household page')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url === `/api/notifications/${item.id}/read`)).toBe(
        true,
      ),
    );
  });

  it('does not mark an already read notification again', async () => {
    const item = notification({ readAt: '2026-03-01T10:00:00.000Z' });
    const { calls } = stub({
      'GET /api/notifications/count': [200, 'Success', { count: 0 }],
      'GET /api/notifications': [200, 'Success', [item]],
    });
    const { router } = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await userEvent.click(await screen.findByRole('button', { name: /Olivia Bennett mentioned you/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/client-detail/${CLIENT_ID}`));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('marks all as read and fetches the count again', async () => {
    const { calls } = stub({
      'GET /api/notifications/count': [200, 'Success', { count: 2 }],
      'GET /api/notifications': [200, 'Success', [notification()]],
      'PUT /api/notifications/read-all': [200, 'All notifications marked as read.', { count: 2 }],
    });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/notifications/read-all')).toBe(true),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/notifications/count').length).toBeGreaterThan(1),
    );
  });

  it('asks for the unread ones on the Unread tab, and says when there are none', async () => {
    const { calls } = stub({
      'GET /api/notifications/count': [200, 'Success', { count: 0 }],
      'GET /api/notifications': [200, 'Success', []],
    });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/notifications?filter=unread'))).toBe(true);
  });

  it('links to the email preferences on the profile', async () => {
    stub({
      'GET /api/notifications/count': [200, 'Success', { count: 0 }],
      'GET /api/notifications': [200, 'Success', []],
    });
    const { router } = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Email preferences' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=notifications'));
    expect(router.state.location.pathname).toBe(`/waprofile/${ME.id}`);
  });
});

describe('EmailPreferences', () => {
  const saved: NotificationPreference[] = [
    { kind: 'MENTIONED', email: true },
    { kind: 'MENTION_EDITED', email: false },
    { kind: 'MENTION_DELETED', email: false },
    { kind: 'TASK_ASSIGNED', email: false },
    { kind: 'TASK_DUE', email: false },
    { kind: 'WORKFLOW_ASSIGNED', email: false },
    { kind: 'WORKFLOW_OVERDUE', email: false },
  ];

  it('lists each kind in words with a switch, and saves the choices with PUT', async () => {
    const { calls } = stub({
      'GET /api/notifications/preferences': [200, 'Success', saved],
      'PUT /api/notifications/preferences': [
        200,
        'Notification preferences saved successfully.',
        saved.map((p) => (p.kind === 'TASK_DUE' ? { ...p, email: true } : p)),
      ],
    });
    renderRoutes([{ path: '*', element: <EmailPreferences /> }]);
    const mentioned = await screen.findByRole('switch', { name: 'You are mentioned in a note' });
    expect(mentioned).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save preferences' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'A task of yours is due or overdue' }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        MENTIONED: true,
        MENTION_EDITED: false,
        MENTION_DELETED: false,
        TASK_ASSIGNED: false,
        TASK_DUE: true,
        WORKFLOW_ASSIGNED: false,
        WORKFLOW_OVERDUE: false,
      }),
    );
    expect(await screen.findByText('Notification preferences saved successfully.')).toBeInTheDocument();
  });
});
