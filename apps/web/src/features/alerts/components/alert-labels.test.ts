import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from '../../../lib/format.ts';
import { missingGroupsOf } from './alert-labels.ts';
import { snoozeDateError } from './snooze-button.tsx';

describe('missingGroupsOf', () => {
  it('groups the missing items by household and member, without the name in brackets', () => {
    expect(
      missingGroupsOf({
        items: [
          { label: 'Phone', memberName: null },
          { label: 'State of residence (household)', memberName: null },
          { label: 'Date of birth (Anya)', memberName: 'Anya' },
          { label: 'SSN (Anya)', memberName: 'Anya' },
          { label: 'TIN (Bennett Trust)', memberName: 'Bennett Trust' },
        ],
      }),
    ).toEqual([
      { who: 'Household', items: ['Phone', 'State of residence'] },
      { who: 'Anya', items: ['Date of birth', 'SSN'] },
      { who: 'Bennett Trust', items: ['TIN'] },
    ]);
  });

  it('is null for details that are not a list of missing items', () => {
    expect(missingGroupsOf(null)).toBeNull();
    expect(missingGroupsOf({ items: [] })).toBeNull();
    expect(missingGroupsOf({ accountId: 'x' })).toBeNull();
  });
});

describe('snoozeDateError', () => {
  it('wants a real date after today, in the server words', () => {
    expect(snoozeDateError('', '2026-03-10')).toBe('Snooze date is required.');
    expect(snoozeDateError('2026-02-30', '2026-03-10')).toBe('Enter a valid Date');
    expect(snoozeDateError('2026-03-10', '2026-03-10')).toBe('Snooze date must be after today.');
    expect(snoozeDateError('2026-03-11', '2026-03-10')).toBeNull();
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('says how long ago, then the date from a week back', () => {
    expect(formatTimeAgo('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(formatTimeAgo('2026-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatTimeAgo('2026-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatTimeAgo('2026-03-09T11:00:00Z', now)).toBe('yesterday');
    expect(formatTimeAgo('2026-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(formatTimeAgo('2026-03-01T12:00:00Z', now)).toMatch(/^03\/0[12]\/2026$/);
    expect(formatTimeAgo('not a date', now)).toBe('');
  });
});
