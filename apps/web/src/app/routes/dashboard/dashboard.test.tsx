import type { DashboardStats } from '@centric/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, permissions, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { DashboardScreen } from './dashboard.tsx';

const stats = (duration: DashboardStats['duration']): DashboardStats => ({
  duration,
  from: '2026-11-01',
  to: '2026-11-30',
  tiles: [
    {
      id: 'households-by-status',
      title: 'Households by status',
      description: 'Every household of the firm today, by its status.',
      chart: 'donut',
      dataKey: 'name',
      data: [
        { name: 'Active', value: 12, color: 'teal.6' },
        { name: 'Inactive', value: 3, color: 'gray.5' },
      ],
      series: [],
      headline: { value: 15, label: 'households' },
    },
  ],
});

const renderDashboard = (path: string) => {
  startFullSession({ token: 'full-token', sso: false, user: makeUser({ userPermission: permissions() }) });
  const { fetchStub, calls } = stubFetch({
    'GET /api/dashboard/stats': [200, 'Success', stats('THIS_MONTH')],
  });
  vi.stubGlobal('fetch', fetchStub);
  return { ...renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], [path]), calls };
};

describe('DashboardScreen', () => {
  it('writes the defaults tab=updates and duration=THIS_MONTH in the URL', async () => {
    const { router } = renderDashboard('/dashboard');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=updates&duration=THIS_MONTH'));
    expect(screen.getByRole('tab', { name: 'Updates' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the Stats tiles for the period in the URL and keeps a new period there', async () => {
    const { router, calls } = renderDashboard('/dashboard?tab=stats&duration=THIS_MONTH');
    expect(await screen.findByRole('heading', { name: 'Households by status' })).toBeInTheDocument();
    // The figures are also a table for those who do not look at the chart.
    expect(screen.getByRole('table', { name: 'Households by status' })).toHaveTextContent('Active12');
    await userEvent.click(screen.getByRole('radio', { name: 'This year' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=stats&duration=THIS_YEAR'));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/dashboard/stats?duration=THIS_YEAR'));
  });

  it('falls back to the defaults for an unknown tab or period', async () => {
    const { router } = renderDashboard('/dashboard?tab=nope&duration=LAST_DECADE');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=updates&duration=THIS_MONTH'));
  });
});
