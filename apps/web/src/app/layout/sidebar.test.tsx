import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IconBell, IconHomeDollar, IconLayoutDashboard, IconReceipt2 } from '@tabler/icons-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { createTestQueryClient, makeUser, permissions, renderWithProviders } from '../../test/render.tsx';
import type { NavEntry } from '../navigation.ts';
import { SIDEBAR_COLLAPSE_DELAY_MS, Sidebar } from './sidebar.tsx';

const stubScreen = async () => ({ Component: () => null });

const entries: NavEntry[] = [
  {
    label: 'Dashboard',
    icon: IconLayoutDashboard,
    path: '/dashboard',
    feature: 'dashboard',
    group: 'main',
    screen: stubScreen,
  },
  {
    label: 'Alerts',
    icon: IconBell,
    path: '/alerts',
    feature: 'alerts',
    group: 'main',
    badge: 'alertCount',
    screen: stubScreen,
  },
  {
    label: 'Master Data',
    icon: IconBell,
    path: '/master-data/gender',
    feature: 'masterData',
    group: 'system',
    screen: stubScreen,
  },
];

const billingParent = { id: 'billing', label: 'Billing', icon: IconReceipt2 };
const withUnits: NavEntry[] = [
  ...entries,
  {
    label: 'Units',
    icon: IconHomeDollar,
    path: '/billing/households',
    feature: 'billingUnits',
    group: 'productsAndBilling',
    parent: billingParent,
    badge: 'billingAttention',
    screen: stubScreen,
  },
];

/**
 * The sidebar with the Units entry, the billing list answering each call with the next of `attention` as
 * its summary's requiresAttention (the last one again after that).
 */
const renderWithUnits = (attention: number[], { path = '/billing/households', user = makeUser() } = {}) => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      const requiresAttention = attention.length > 1 ? attention.shift() : attention[0];
      const summary = {
        totalHouseholds: 40,
        readyToBill: 40 - (requiresAttention ?? 0),
        requiresAttention,
        missingFeeSchedule: 0,
        missingPayoutBlocks: 0,
      };
      return new Response(
        JSON.stringify({ statusCode: 200, message: 'Success', result: [], totalResults: 0, summary }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  const queryClient = createTestQueryClient();
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <Sidebar user={user} entries={withUnits} />
    </QueryClientProvider>,
    path,
  );
  return { calls, queryClient };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('Sidebar', () => {
  it('links the dashboard from the real registry', () => {
    renderWithProviders(<Sidebar user={makeUser()} />, '/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides the Main group when none of its screens may be read', () => {
    const denied = permissions({
      dashboard: true,
      clients: true,
      otherProfessionals: true,
      alerts: true,
      prospects: true,
    });
    renderWithProviders(<Sidebar user={makeUser({ userPermission: denied })} />);
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows System Configurations to the administrator only', () => {
    const { unmount } = renderWithProviders(<Sidebar user={makeUser()} entries={entries} />);
    expect(screen.queryByRole('heading', { name: 'System Configurations' })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(
      <Sidebar user={makeUser({ role: { id: 1, role: 'Administrator' } })} entries={entries} />,
    );
    expect(screen.getByRole('heading', { name: 'System Configurations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Master Data' })).toBeInTheDocument();
  });

  it('carries the alert count on the Alerts entry', () => {
    renderWithProviders(<Sidebar user={makeUser({ alertCount: 7 })} entries={entries} />);
    expect(screen.getByRole('link', { name: 'Alerts, 7 new' })).toBeInTheDocument();
  });

  it("counts the Units that require attention from the billing list's default call", async () => {
    const { calls, queryClient } = renderWithUnits([3, 1]);
    expect(await screen.findByRole('link', { name: 'Units, 3 require attention' })).toHaveAttribute(
      'href',
      '/billing/households',
    );
    expect(calls).toHaveLength(1);
    const query = Object.fromEntries(new URL(calls[0] ?? '', 'http://localhost').searchParams);
    expect(calls[0]).toMatch(/^\/api\/billing\/households\?/);
    expect(query).toEqual({
      householdStatus: 'ACTIVE',
      page: '1',
      limit: '10',
      sortBy: 'unitId',
      order: 'ASC',
    });

    // A billing change invalidates billing's queries: the badge asks again.
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }));
    expect(await screen.findByRole('link', { name: 'Units, 1 requires attention' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('shows no Units badge when nothing requires attention', async () => {
    const { calls } = renderWithUnits([0]);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Units' })).toBeInTheDocument();
  });

  it('carries the count on the closed Billing parent while its Units link is hidden', async () => {
    renderWithUnits([4], { path: '/dashboard' });
    const billing = screen.getByRole('button', { name: 'Billing' });
    expect(billing).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(billing).getByText('4')).toBeInTheDocument());
    fireEvent.click(billing);
    expect(await screen.findByRole('link', { name: 'Units, 4 require attention' })).toBeInTheDocument();
    expect(within(billing).queryByText('4')).not.toBeInTheDocument();
  });

  it('does not ask for the Units count without billingUnits read', () => {
    const user = makeUser({ userPermission: permissions({ billingUnits: true }) });
    const { calls } = renderWithUnits([3], { user });
    expect(screen.queryByRole('link', { name: /^Units/ })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('expands on hover and collapses 300 ms after the pointer leaves', () => {
    vi.useFakeTimers();
    renderWithProviders(<Sidebar user={makeUser()} entries={entries} />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).not.toHaveAttribute('data-expanded');

    fireEvent.mouseEnter(nav);
    expect(nav).toHaveAttribute('data-expanded');

    fireEvent.mouseLeave(nav);
    act(() => vi.advanceTimersByTime(SIDEBAR_COLLAPSE_DELAY_MS - 50));
    expect(nav).toHaveAttribute('data-expanded');
    act(() => vi.advanceTimersByTime(50));
    expect(nav).not.toHaveAttribute('data-expanded');
  });
});
