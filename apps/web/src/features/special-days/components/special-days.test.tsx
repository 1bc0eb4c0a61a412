import { type SpecialDay, todayIn } from '@centric/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { groupByDay, SpecialDaysList, yearsLabel } from './special-days-list.tsx';

const day = (overrides: Partial<SpecialDay>): SpecialDay => ({
  key: 'birthday:m1',
  dateType: 'Birthday',
  date: '1966-03-10',
  occursOn: '2026-03-10',
  years: 60,
  ageLabel: 'Turning 60',
  description: null,
  household: { id: 'c1', name: 'Bennett Household' },
  member: { id: 'm1', fullName: 'Anya Bennett' },
  ...overrides,
});

const ITEMS = [
  day({}),
  day({
    key: 'special-date:5',
    dateType: 'Anniversary',
    date: '2001-03-10',
    years: 25,
    ageLabel: null,
    description: 'Wedding',
    member: { id: 'm2', fullName: 'Tom Bennett' },
  }),
  day({
    key: 'birthday:m3',
    occursOn: '2026-03-20',
    date: '1990-03-20',
    years: 36,
    ageLabel: 'Turning 36',
    household: { id: 'c2', name: 'Okafor Household' },
    member: { id: 'm3', fullName: 'Chidi Okafor' },
  }),
];

beforeEach(() => {
  startFullSession({ token: 'full-token', sso: false, user: makeUser() });
});

describe('groupByDay', () => {
  it('groups the special days by the day they fall on, in order', () => {
    expect(groupByDay(ITEMS).map((g) => [g.day, g.items.map((i) => i.member.fullName)])).toEqual([
      ['2026-03-10', ['Anya Bennett', 'Tom Bennett']],
      ['2026-03-20', ['Chidi Okafor']],
    ]);
  });
});

describe('yearsLabel', () => {
  it('gives a birthday its age label and an anniversary its years', () => {
    expect(yearsLabel(ITEMS[0]!)).toBe('Turning 60');
    expect(yearsLabel(ITEMS[1]!)).toBe('25 years');
    expect(yearsLabel(day({ dateType: 'Graduation', years: 0, ageLabel: null }))).toBeNull();
  });
});

describe('SpecialDaysList', () => {
  it('lists the period by day with member, household link, what it is and the age label; today marked', async () => {
    const today = todayIn('America/New_York', new Date());
    const items = ITEMS.map((item, i) => (i === 2 ? { ...item, occursOn: today } : item));
    const { fetchStub, calls } = stubFetch({
      'GET /api/special-days': [
        200,
        'Success',
        { duration: 'THIS_MONTH', from: '2026-03-01', to: '2026-03-31', items },
      ],
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<SpecialDaysList duration="THIS_MONTH" />);
    const first = await screen.findByRole('region', { name: '03/10/2026' });
    expect(within(first).getByText('Anya Bennett')).toBeInTheDocument();
    expect(within(first).getByText('Turning 60')).toBeInTheDocument();
    expect(within(first).getByText(/Anniversary: Wedding/)).toBeInTheDocument();
    expect(within(first).getByText('25 years')).toBeInTheDocument();
    expect(within(first).getAllByRole('link', { name: 'Bennett Household' })[0]).toHaveAttribute(
      'href',
      '/client-detail/c1',
    );
    const [y, m, d] = today.split('-');
    const todays = screen.getByRole('region', { name: `${m}/${d}/${y}, today` });
    expect(within(todays).getByText('Today')).toBeInTheDocument();
    expect(calls[calls.length - 1]?.url).toContain('duration=THIS_MONTH');
  });

  it('says so when the period has none', async () => {
    const { fetchStub } = stubFetch({
      'GET /api/special-days': [
        200,
        'Success',
        { duration: 'THIS_WEEK', from: '2026-03-02', to: '2026-03-08', items: [] },
      ],
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<SpecialDaysList duration="THIS_WEEK" />);
    expect(await screen.findByText('No special days in this period')).toBeInTheDocument();
  });
});
