import type { Alert, AlertTabCounts } from '@centric/contracts';
import { ALERT_TABS } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { AlertsScreen } from './alerts.tsx';

const ALERT_ID = '3a1e5c2d-4b6f-4a8e-9c0d-1e2f3a4b5c6d';
const CLIENT_ID = '0c5c0a3e-8a59-4c9e-9f1c-1f6d1a2b3c4d';

const counts = (overrides: Partial<AlertTabCounts> = {}): AlertTabCounts => ({
  ...(Object.fromEntries(ALERT_TABS.map((tab) => [tab, 0])) as AlertTabCounts),
  ...overrides,
});

const missingAlert = (overrides: Partial<Alert> = {}): Alert => ({
  id: ALERT_ID,
  category: 'missingInformation',
  message: 'Phone, State of residence (household), SSN (Anya)',
  details: {
    items: [
      { field: 'phone', label: 'Phone', memberId: null, memberName: null },
      {
        field: 'stateOfResidence',
        label: 'State of residence (household)',
        memberId: null,
        memberName: null,
      },
      { field: 'identityNumber', label: 'SSN (Anya)', memberId: 'm-1', memberName: 'Anya' },
    ],
  },
  household: { id: CLIENT_ID, name: 'Bennett Household' },
  raisedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  state: 'ACTIVE',
  snoozedUntil: null,
  ...overrides,
});

const stub = (routes: Parameters<typeof stubFetch>[0]) => {
  const s = stubFetch({
    'GET /api/health': [200, 'Success', { status: 'ok', firmTimeZone: 'America/New_York' }],
    ...routes,
  });
  vi.stubGlobal('fetch', s.fetchStub);
  return s;
};

const renderAlerts = (path = '/alerts') =>
  renderRoutes(
    [
      { path: '/alerts', element: <AlertsScreen /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    [path],
  );

const listCalls = (calls: ReturnType<typeof stub>['calls']) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/alerts?'));

beforeEach(() => {
  startFullSession({ token: 'full-token', sso: false, user: makeUser({ alertCount: 1 }) });
});

describe('AlertsScreen', () => {
  it('writes view=active&tab=ALL in the URL and asks for the first page of 10', async () => {
    const { calls } = stub({
      'GET /api/alerts': [
        200,
        'Success',
        { alerts: [missingAlert()], counts: counts({ ALL: 1, missingInformation: 1 }) },
      ],
    });
    const { router } = renderAlerts();
    await waitFor(() => expect(router.state.location.search).toBe('?view=active&tab=ALL'));
    await screen.findByRole('article');
    const url = new URL(listCalls(calls).at(-1)?.url ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      view: 'active',
      tab: 'ALL',
      page: '1',
      limit: '10',
    });
  });

  it('shows a tab per category with its count, and the missing items per household and member', async () => {
    stub({
      'GET /api/alerts': [
        200,
        'Success',
        { alerts: [missingAlert()], counts: counts({ ALL: 3, missingInformation: 1, taskOverdue: 2 }) },
      ],
    });
    renderAlerts();
    expect(await screen.findByRole('tab', { name: /Missing Information\s*1/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Task Overdue\s*2/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /All\s*3/ })).toHaveAttribute('aria-selected', 'true');
    const card = screen.getByRole('article');
    expect(within(card).getByText('Household:')).toBeInTheDocument();
    expect(within(card).getByText('State of residence')).toBeInTheDocument();
    expect(within(card).getByText('For Anya:')).toBeInTheDocument();
    expect(within(card).getByText('SSN')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Bennett Household/ })).toHaveAttribute(
      'href',
      `/client-detail/${CLIENT_ID}`,
    );
    expect(within(card).getByText('2 hours ago')).toBeInTheDocument();
  });

  it('puts the chosen category and view in the URL and asks the server for them', async () => {
    const { calls } = stub({ 'GET /api/alerts': [200, 'Success', { alerts: [], counts: counts() }] });
    const { router } = renderAlerts();
    await userEvent.click(await screen.findByRole('tab', { name: /Task Overdue/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=active&tab=taskOverdue'));
    await userEvent.click(screen.getByRole('radio', { name: 'Dismissed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=dismissed&tab=taskOverdue'));
    expect(await screen.findByText('No dismissed Task Overdue alerts')).toBeInTheDocument();
    const url = new URL(listCalls(calls).at(-1)?.url ?? '', 'http://x');
    expect(url.searchParams.get('view')).toBe('dismissed');
    expect(url.searchParams.get('tab')).toBe('taskOverdue');
  });

  it('says there are no active alerts', async () => {
    stub({ 'GET /api/alerts': [200, 'Success', { alerts: [], counts: counts() }] });
    renderAlerts();
    expect(await screen.findByText('No active alerts')).toBeInTheDocument();
  });

  it('dismisses with PUT …/dismiss and fetches the list again', async () => {
    const { calls } = stub({
      'GET /api/alerts': [200, 'Success', { alerts: [missingAlert()], counts: counts({ ALL: 1 }) }],
      [`PUT /api/alerts/${ALERT_ID}/dismiss`]: [200, 'Alert dismissed successfully.', null],
    });
    renderAlerts();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url === `/api/alerts/${ALERT_ID}/dismiss`)).toBe(true),
    );
    await waitFor(() => expect(listCalls(calls).length).toBe(2));
  });

  it('activates a dismissed alert with PUT …/activate', async () => {
    const { calls } = stub({
      'GET /api/alerts': [
        200,
        'Success',
        { alerts: [missingAlert({ state: 'DISMISSED' })], counts: counts({ ALL: 1 }) },
      ],
      [`PUT /api/alerts/${ALERT_ID}/activate`]: [200, 'Alert activated successfully.', null],
    });
    renderAlerts('/alerts?view=dismissed&tab=ALL');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url === `/api/alerts/${ALERT_ID}/activate`)).toBe(
        true,
      ),
    );
    await waitFor(() => expect(listCalls(calls).length).toBe(2));
  });

  it('snoozes until a date after today, refusing today with the server words', async () => {
    const { calls } = stub({
      'GET /api/alerts': [200, 'Success', { alerts: [missingAlert()], counts: counts({ ALL: 1 }) }],
      [`PUT /api/alerts/${ALERT_ID}/snooze`]: [200, 'Alert snoozed successfully.', null],
    });
    renderAlerts();
    await userEvent.click(await screen.findByRole('button', { name: 'Snooze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze' });
    const date = within(dialog).getByLabelText('Snooze until');
    await userEvent.clear(date);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText('Snooze date is required.')).toBeInTheDocument();
    await userEvent.type(date, '2020-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText('Snooze date must be after today.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.clear(date);
    await userEvent.type(date, '2099-05-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: `/api/alerts/${ALERT_ID}/snooze`,
        body: { until: '2099-05-01' },
      }),
    );
    await waitFor(() => expect(listCalls(calls).length).toBe(2));
  });

  it("shows the server's message when it refuses the snooze", async () => {
    stub({
      'GET /api/alerts': [200, 'Success', { alerts: [missingAlert()], counts: counts({ ALL: 1 }) }],
      [`PUT /api/alerts/${ALERT_ID}/snooze`]: [400, 'Snooze date must be after today.', null],
    });
    renderAlerts();
    await userEvent.click(await screen.findByRole('button', { name: 'Snooze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze' });
    const date = within(dialog).getByLabelText('Snooze until');
    await userEvent.clear(date);
    await userEvent.type(date, '2099-05-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText('Snooze date must be after today.')).toBeInTheDocument();
  });

  it('offers Try again when the list cannot be loaded', async () => {
    stub({ 'GET /api/alerts': [500, 'Internal Server Error', null] });
    renderAlerts();
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
