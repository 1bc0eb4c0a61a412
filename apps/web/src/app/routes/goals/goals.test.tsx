import { type GoalsList, GROWTH_MESSAGES } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, permissions, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { GoalsScreen } from './goals.tsx';

// The Goals screen (issue 17 §3): each user's goals with progress, an administrator's goal form checked with
// the contract's messages before it is sent, and a read-only view for everyone else.

const year = Number(new Date().toISOString().slice(0, 4));
const OLIVIA = '0b6f3a52-7c1e-4d8b-9a0f-1e2d3c4b5a61';

const list = (canEdit: boolean): GoalsList => ({
  year,
  canEdit,
  users: [
    {
      userId: OLIVIA,
      fullName: 'Olivia Bennett',
      roleName: 'Wealth Advisor',
      year,
      targets: null,
      achieved: { newHouseholds: 1, newAum: '500000.00', meetings: 2, newProspects: 3, conversions: 1 },
    },
  ],
});

const renderGoals = (options: { admin: boolean }) => {
  startFullSession({
    token: 'full-token',
    sso: false,
    user: makeUser({
      role: options.admin ? { id: 1, role: 'Administrator' } : { id: 2, role: 'Wealth Advisor' },
      userPermission: permissions(),
    }),
  });
  const saved = {
    ...list(options.admin).users[0]!,
    targets: { newHouseholds: 4, newAum: '2000000.00', meetings: 10, newProspects: 5, conversions: 2 },
  };
  const { fetchStub, calls } = stubFetch({
    'GET /api/goals': [200, 'Success', list(options.admin)],
    [`PUT /api/goals/${OLIVIA}/${year}`]: [200, GROWTH_MESSAGES.goalSaved, saved],
  });
  vi.stubGlobal('fetch', fetchStub);
  return { ...renderRoutes([{ path: '/goals', element: <GoalsScreen /> }], ['/goals']), calls };
};

afterEach(() => vi.unstubAllGlobals());

describe('GoalsScreen', () => {
  it('an administrator sets goals: a wrong target is refused with its message, then they are saved', async () => {
    const { calls } = renderGoals({ admin: true });
    const table = await screen.findByRole('table', { name: `Goals ${year}` });
    expect(within(table).getByRole('row', { name: /Olivia Bennett/ })).toHaveTextContent('no goals set');
    await userEvent.click(screen.getByRole('button', { name: 'Set the goals of Olivia Bennett' }));
    const form = await screen.findByRole('form', { name: 'Goals of Olivia Bennett' });
    const field = (name: string) => within(form).getByRole('textbox', { name });
    await userEvent.clear(field('New households'));
    await userEvent.type(field('New households'), '4');
    await userEvent.type(field('New AUM'), '2000000');
    await userEvent.clear(field('Meetings'));
    await userEvent.type(field('Meetings'), '10');
    await userEvent.clear(field('New prospects'));
    await userEvent.type(field('New prospects'), '5');
    await userEvent.clear(field('Conversions'));
    await userEvent.type(field('Conversions'), '10001');
    await userEvent.click(within(form).getByRole('button', { name: 'Save goals' }));
    expect(await within(form).findByText(GROWTH_MESSAGES.countRange)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(field('Conversions'));
    await userEvent.type(field('Conversions'), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save goals' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/goals/${OLIVIA}/${year}`);
    expect(put.body).toEqual({
      newHouseholds: 4,
      newAum: '2000000.00',
      meetings: 10,
      newProspects: 5,
      conversions: 2,
    });
    expect(await screen.findByText(GROWTH_MESSAGES.goalSaved)).toBeInTheDocument();
  });

  it('shows everyone else their progress without a way to change it', async () => {
    renderGoals({ admin: false });
    const table = await screen.findByRole('table', { name: `Goals ${year}` });
    expect(within(table).getByRole('row', { name: /Olivia Bennett/ })).toHaveTextContent('$500,000');
    expect(screen.queryByRole('button', { name: /goals of Olivia Bennett/ })).not.toBeInTheDocument();
  });
});
