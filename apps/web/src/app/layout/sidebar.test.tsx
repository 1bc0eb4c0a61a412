import { act, fireEvent, screen, within } from '@testing-library/react';
import { IconBell, IconLayoutDashboard } from '@tabler/icons-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, permissions, renderWithProviders } from '../../test/render.tsx';
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
    const denied = permissions({ dashboard: true, clients: true, otherProfessionals: true, alerts: true });
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
