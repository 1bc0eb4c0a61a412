import type { DashboardStats, DashboardTile } from '@centric/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, permissions, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { StatsPanel } from './stats-panel.tsx';
import { formatMoneyCompact } from './table-tiles.tsx';

// The growth tiles on the Stats tab (issue 17 §3): the pipeline in money with its table, goal progress, a
// ranked table whose rows open households, a real empty state, and the link to the list behind each.

const opportunities: DashboardTile = {
  id: 'opportunities',
  title: 'Opportunities',
  description: 'The open pipeline by lead status; added and converted this month.',
  chart: 'pipeline',
  dataKey: 'status',
  data: [
    {
      status: 'Hot',
      leadStatus: 'HOT',
      prospects: 2,
      added: 1,
      converted: 0,
      probability: 50,
      potentialAum: '3000001.00',
      potentialRevenue: '25000.01',
      weightedRevenue: '12500.01',
    },
    {
      status: 'Cold',
      leadStatus: 'COLD',
      prospects: 1,
      added: 0,
      converted: 0,
      probability: 10,
      potentialAum: '3000000.00',
      potentialRevenue: '21250.00',
      weightedRevenue: '2125.00',
    },
  ],
  series: [
    { name: 'potentialRevenue', label: 'Potential revenue', color: 'gray.4' },
    { name: 'weightedRevenue', label: 'Weighted revenue', color: 'teal.7' },
  ],
  columns: [
    { name: 'status', label: 'Lead status', format: 'text' },
    { name: 'prospects', label: 'Open', format: 'count' },
    { name: 'potentialAum', label: 'Potential AUM', format: 'money' },
    { name: 'probability', label: 'Probability', format: 'percent' },
    { name: 'weightedRevenue', label: 'Weighted revenue', format: 'money' },
  ],
  headline: { value: '14625.01', label: 'weighted annual revenue', format: 'money' },
  link: { target: 'prospectsBoard', label: 'Open the board' },
  emptyMessage: 'No open prospects yet. Add a prospect to start the pipeline.',
  notice: 'Revenue is the annual fee of each prospect.',
};

const goals: DashboardTile = {
  id: 'goals',
  title: 'My goals 2026',
  description: 'Your annual goals and prospect targets.',
  chart: 'progress',
  dataKey: 'metric',
  data: [
    {
      metric: 'New AUM',
      value: '500000.00',
      target: '2000000.00',
      period: '500000.00',
      percent: 25,
      format: 'money',
    },
    { metric: 'Meetings', value: 2, target: 12, period: 1, percent: 16, format: 'count' },
  ],
  series: [],
  columns: [{ name: 'period', label: 'This month', format: 'text' }],
  headline: { value: 20, label: '% on average', format: 'count' },
  link: { target: 'goals', label: 'All goals' },
};

const influencers: DashboardTile = {
  id: 'top-influencers',
  title: 'Top influencers',
  description: 'Households whose introductions became clients this month.',
  chart: 'table',
  dataKey: 'household',
  data: [
    {
      id: 'c0ffee00-0000-4000-8000-000000000001',
      household: 'Influential, Ida',
      tier: 'Gold',
      inPeriod: 1,
      total: 2,
    },
  ],
  series: [],
  columns: [
    { name: 'household', label: 'Household', format: 'text' },
    { name: 'tier', label: 'Tier', format: 'text' },
    { name: 'inPeriod', label: 'This month', format: 'count' },
    { name: 'total', label: 'All time', format: 'count' },
  ],
  rowLink: 'client',
  headline: { value: 1, label: 'introduced clients', format: 'count' },
  link: { target: 'clients', label: 'Clients' },
};

const leaderboard: DashboardTile = {
  id: 'leaderboard',
  title: 'Leaderboard',
  description: 'Advisors and business developers by prospects converted this month.',
  chart: 'table',
  dataKey: 'name',
  data: [],
  series: [],
  columns: [{ name: 'name', label: 'Name', format: 'text' }],
  headline: { value: 0, label: 'credited conversions', format: 'count' },
  link: { target: 'prospects', label: 'Converted prospects', query: { activityStatus: 'CONVERTED' } },
  emptyMessage: 'No prospect was converted this month.',
};

const renderPanel = (tiles: DashboardTile[]) => {
  startFullSession({ token: 'full-token', sso: false, user: makeUser({ userPermission: permissions() }) });
  const stats: DashboardStats = { duration: 'THIS_MONTH', from: '2026-11-01', to: '2026-11-30', tiles };
  const { fetchStub } = stubFetch({ 'GET /api/dashboard/stats': [200, 'Success', stats] });
  vi.stubGlobal('fetch', fetchStub);
  return renderRoutes(
    [{ path: '/dashboard', element: <StatsPanel duration="THIS_MONTH" /> }],
    ['/dashboard'],
  );
};

afterEach(() => vi.unstubAllGlobals());

describe('growth tiles', () => {
  it('shows the pipeline in money, its table and the link to the board', async () => {
    renderPanel([opportunities]);
    const tile = await screen.findByRole('region', { name: 'Opportunities' });
    expect(within(tile).getByTitle('$14,625.01')).toHaveTextContent('$14,625');
    const table = within(tile).getByRole('table', { name: 'Opportunities' });
    const hot = within(table).getByRole('row', { name: /Hot/ });
    // Millions read short, with the exact amount as the cell's title.
    expect(within(hot).getByTitle('$3,000,001')).toHaveTextContent('$3M');
    expect(within(hot).getByTitle('$12,500.01')).toHaveTextContent('$12,500');
    expect(within(hot).getByRole('progressbar', { name: 'Probability of Hot' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(tile).getByRole('link', { name: 'Open the board: Opportunities' })).toHaveAttribute(
      'href',
      '/prospects?view=board',
    );
    expect(within(tile).getByText('Revenue is the annual fee of each prospect.')).toBeInTheDocument();
  });

  it('draws each goal against its target with what the period added', async () => {
    renderPanel([goals]);
    const tile = await screen.findByRole('region', { name: 'My goals 2026' });
    expect(within(tile).getByRole('progressbar', { name: 'New AUM: 25% of the target' })).toBeInTheDocument();
    expect(within(tile).getByText('of $2M')).toBeInTheDocument();
    expect(within(tile).getByText('This month: +$500,000')).toBeInTheDocument();
    expect(within(tile).getByText('This month: +1')).toBeInTheDocument();
    expect(within(tile).getByRole('link', { name: 'All goals: My goals 2026' })).toHaveAttribute(
      'href',
      '/goals',
    );
  });

  it('opens a household from its row, and says so when there is nothing yet', async () => {
    renderPanel([influencers, leaderboard]);
    const tile = await screen.findByRole('region', { name: 'Top influencers' });
    expect(within(tile).getByRole('link', { name: 'Influential, Ida' })).toHaveAttribute(
      'href',
      '/client-detail/c0ffee00-0000-4000-8000-000000000001',
    );
    const empty = screen.getByRole('region', { name: 'Leaderboard' });
    expect(within(empty).getByText('No prospect was converted this month.')).toBeInTheDocument();
    expect(within(empty).queryByRole('table')).not.toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Converted prospects: Leaderboard' })).toHaveAttribute(
      'href',
      '/prospects?activityStatus=CONVERTED',
    );
  });
});

describe('formatMoneyCompact', () => {
  it('reads millions and billions short, rounded half up to a tenth, and smaller amounts in full', () => {
    expect(formatMoneyCompact('161384358.53')).toBe('$161.4M');
    expect(formatMoneyCompact('2450000000')).toBe('$2.5B');
    expect(formatMoneyCompact('1000000.00')).toBe('$1M');
    expect(formatMoneyCompact('-1250000')).toBe('-$1.3M');
    expect(formatMoneyCompact('999999.49')).toBe('$999,999');
    expect(formatMoneyCompact('427690.50')).toBe('$427,691');
    expect(formatMoneyCompact('9999.50')).toBe('$9,999.50');
  });
});
