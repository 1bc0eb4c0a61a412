import { IconLayoutDashboard } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { makeUser, permissions } from '../test/render.tsx';
import { NAV_ENTRIES, type NavEntry, visibleNavigation } from './navigation.ts';

const stubScreen = async () => ({ Component: () => null });
const entry = (
  overrides: Partial<NavEntry> & Pick<NavEntry, 'label' | 'path' | 'feature' | 'group'>,
): NavEntry => ({
  icon: IconLayoutDashboard,
  screen: stubScreen,
  ...overrides,
});

const billing = { id: 'billing', label: 'Billing', icon: IconLayoutDashboard };
const masterData = { id: 'masterData', label: 'Master Data', icon: IconLayoutDashboard };

/** A registry as it will look once more screens exist. */
const entries: NavEntry[] = [
  entry({ label: 'Dashboard', path: '/dashboard', feature: 'dashboard', group: 'main' }),
  entry({ label: 'Alerts', path: '/alerts', feature: 'alerts', group: 'main', badge: 'alertCount' }),
  entry({ label: 'Open Requests', path: '/open-requests', feature: 'openRequests', group: 'workflows' }),
  entry({ label: 'Products', path: '/products', feature: 'products', group: 'productsAndBilling' }),
  entry({
    label: 'Units',
    path: '/billing/households',
    feature: 'billingUnits',
    group: 'productsAndBilling',
    parent: billing,
  }),
  entry({
    label: 'Fee Schedules',
    path: '/billing/fee',
    feature: 'feeSchedules',
    group: 'productsAndBilling',
    parent: billing,
  }),
  entry({
    label: 'Gender',
    path: '/master-data/gender',
    feature: 'masterData',
    group: 'system',
    parent: masterData,
  }),
];

const labels = (groups: ReturnType<typeof visibleNavigation>) => groups.map((g) => g.group.label);

describe('visibleNavigation', () => {
  it('lists the groups in spec order, leaving out System Configurations for a non-administrator', () => {
    const groups = visibleNavigation(makeUser({ role: { id: 2, role: 'Wealth Advisor' } }), entries);
    expect(labels(groups)).toEqual(['Main', 'Workflows', 'Products & Billing']);
  });

  it('shows System Configurations to role id 1 only', () => {
    const admin = visibleNavigation(makeUser({ role: { id: 1, role: 'Administrator' } }), entries);
    expect(labels(admin)).toContain('System Configurations');
  });

  it('hides a group when none of its features may be read', () => {
    const user = makeUser({ userPermission: permissions({ openRequests: true, manageWorkflows: true }) });
    expect(labels(visibleNavigation(user, entries))).not.toContain('Workflows');
  });

  it('keeps a group while any member feature is readable, and drops only the denied entries', () => {
    const user = makeUser({ userPermission: permissions({ products: true, billingUnits: true }) });
    const group = visibleNavigation(user, entries).find((g) => g.group.id === 'productsAndBilling');
    expect(group?.items).toEqual([
      { kind: 'parent', parent: billing, children: [expect.objectContaining({ label: 'Fee Schedules' })] },
    ]);
  });

  it('nests sub-items under their parent in registry order', () => {
    const group = visibleNavigation(makeUser(), entries).find((g) => g.group.id === 'productsAndBilling');
    const parent = group?.items.find((item) => item.kind === 'parent');
    expect(parent?.kind === 'parent' && parent.children.map((c) => c.label)).toEqual([
      'Units',
      'Fee Schedules',
    ]);
  });

  it('shows nothing without a user', () => {
    expect(visibleNavigation(null, entries)).toEqual([]);
  });

  it('links only screens that exist: every entry loads a component, at a unique path', async () => {
    const paths = NAV_ENTRIES.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const entry of NAV_ENTRIES) {
      const screen = await entry.screen();
      expect(typeof screen.Component, entry.path).toBe('function');
    }
    const admin = makeUser({ role: { id: 1, role: 'Administrator' } });
    expect(labels(visibleNavigation(admin, NAV_ENTRIES))[0]).toBe('Main');
    // It loads every screen's module (each transformed on first import): 8 s alone, over 15 s beside the rest.
  }, 60_000);
});
