import type { Meeting } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { multiSelectSummary } from '../../../lib/format.ts';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { MeetingList } from './meeting-list.tsx';
import { firmInstant, formatMeetingWhen } from './meeting-time.ts';

const ME = makeUser();
const MEETING_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';

const meeting = (overrides: Partial<Meeting> = {}): Meeting => ({
  id: MEETING_ID,
  title: 'Annual review',
  startsAt: '2026-03-04T15:00:00.000Z',
  endsAt: '2026-03-04T16:30:00.000Z',
  location: 'Main office',
  videoUrl: 'https://meet.example.com/abc',
  status: 'UPCOMING',
  needsStatusUpdate: false,
  attendees: [
    { id: ME.id, fullName: 'Ada Lovelace', email: 'ada@example.com' },
    { id: 'u2', fullName: 'Grace Hopper', email: 'grace@example.com' },
    { id: 'u3', fullName: 'Alan Turing', email: 'alan@example.com' },
  ],
  household: { id: 'c1', name: 'Bennett Household' },
  createdBy: { id: ME.id, fullName: ME.fullName },
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const renderList = (item: Meeting, routes: Parameters<typeof stubFetch>[0] = {}) => {
  const s = stubFetch({ 'GET /api/meetings': [200, 'Success', [item]], ...routes });
  vi.stubGlobal('fetch', s.fetchStub);
  renderWithProviders(<MeetingList />);
  return s;
};

beforeEach(() => {
  startFullSession({ token: 'full-token', sso: false, user: ME });
});

describe('MeetingList', () => {
  it('shows when in the firm clock, where, the attendees summary and the status', async () => {
    renderList(meeting());
    const row = (await screen.findByText('Annual review')).closest('tr')!;
    expect(row).toHaveTextContent('03/04/2026, 10:00 AM – 11:30 AM EST');
    expect(within(row).getByText('Main office')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Video link' })).toHaveAttribute(
      'href',
      'https://meet.example.com/abc',
    );
    expect(within(row).getByText('Ada plus 2 others')).toBeInTheDocument();
    expect(within(row).getByText('Upcoming')).toBeInTheDocument();
    expect(within(row).queryByText('needs a status update')).not.toBeInTheDocument();
  });

  it('marks a past meeting still Upcoming as needing a status update', async () => {
    renderList(
      meeting({
        startsAt: '2026-01-05T15:00:00.000Z',
        endsAt: '2026-01-05T16:00:00.000Z',
        needsStatusUpdate: true,
      }),
    );
    const row = (await screen.findByText('Annual review')).closest('tr')!;
    expect(within(row).getByText('needs a status update')).toBeInTheDocument();
  });

  it('asks for the Upcoming meetings, the earliest first', async () => {
    const { calls } = renderList(meeting());
    await screen.findByText('Annual review');
    const url = new URL(calls.find((c) => c.url.startsWith('/api/meetings'))!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      status: 'UPCOMING',
      order: 'ASC',
      limit: '10',
    });
  });

  it('Update Status sends PUT with the chosen status', async () => {
    const { calls } = renderList(meeting({ needsStatusUpdate: true }), {
      [`PUT /api/meetings/${MEETING_ID}/status`]: [
        200,
        'Meeting status updated successfully.',
        meeting({ status: 'HELD' }),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Update Status of Annual review' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Held' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: `/api/meetings/${MEETING_ID}/status`,
        body: { status: 'HELD' },
      }),
    );
    expect(await screen.findByText('Meeting status updated successfully.')).toBeInTheDocument();
  });

  it('deletes a meeting only after the confirmation', async () => {
    const { calls } = renderList(meeting(), {
      [`DELETE /api/meetings/${MEETING_ID}`]: [200, 'Meeting deleted successfully.', null],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Annual review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the meeting "Annual review"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Annual review' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please Confirm?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('offers New meeting from the empty state', async () => {
    const s = stubFetch({ 'GET /api/meetings': [200, 'Success', []] });
    vi.stubGlobal('fetch', s.fetchStub);
    renderWithProviders(<MeetingList />);
    expect(await screen.findByText('No upcoming meetings')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New meeting' }).length).toBeGreaterThan(0);
  });
});

describe('multiSelectSummary (spec §9)', () => {
  it.each([
    [[], ''],
    [['Ada Lovelace'], 'Ada Lovelace'],
    [['Ada Lovelace', 'Grace Hopper'], 'Ada plus 1 other'],
    [['Ada Lovelace', 'Grace Hopper', 'Alan Turing'], 'Ada plus 2 others'],
  ])('%j → %j', (names, text) => expect(multiSelectSummary(names)).toBe(text));
});

describe('meeting times in the firm time zone', () => {
  it('reads a wall-clock time in New York as its instant, summer and winter', () => {
    expect(firmInstant('2026-03-04', '10:00', 'America/New_York')).toBe('2026-03-04T15:00:00.000Z');
    expect(firmInstant('2026-07-04', '10:00', 'America/New_York')).toBe('2026-07-04T14:00:00.000Z');
    expect(firmInstant('', '10:00', 'America/New_York')).toBe('');
  });

  it('names the end date when the meeting ends on another day', () => {
    expect(
      formatMeetingWhen('2026-03-04T15:00:00.000Z', '2026-03-05T15:00:00.000Z', 'America/New_York'),
    ).toBe('03/04/2026, 10:00 AM – 03/05/2026, 10:00 AM EST');
  });
});
