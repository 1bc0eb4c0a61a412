import { REVIEW_NOTE_MAX, type ReviewQueueItem, STRATEGY_MESSAGES, addDays } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { ReviewQueue } from './review-queue.tsx';
import { reviewOutcome } from './review-text.ts';

const account = (n: number, overrides: Partial<ReviewQueueItem> = {}): ReviewQueueItem => ({
  accountId: `00000000-0000-4000-8000-00000000000${n}`,
  registrationName: `Account ${n}`,
  custodian: 'Fidelity',
  custodianNumber: `****000${n}`,
  clientId: '11111111-1111-4111-8111-111111111111',
  household: 'Adams, Betty',
  wealthAdvisor: { id: '22222222-2222-4222-8222-222222222222', fullName: 'Marcus Reed' },
  reviewStatus: 'NEEDS_REVIEW',
  reviewReasons: ['NO_HOLDINGS'],
  reviewSnoozedUntil: null,
  reviewedAt: null,
  reviewedBy: null,
  marketValue: '1250.50',
  ...overrides,
});

const ITEMS = [
  account(1),
  account(2),
  account(3, { reviewReasons: ['UNPRICED_HOLDINGS', 'OPEN_ZERO_VALUE'] }),
];

/** The queue answers its page with the custodians beside the result (the stub's envelope has none). */
const STRATEGY = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Balanced 60/40',
  strategyType: { id: 1, name: 'Asset Allocation' },
  description: null,
  viewableByClient: true,
  display: 'MODEL',
  grouping: 'ASSET_CATEGORY',
  riskNumber: 50,
  targets: [],
  accountCount: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const renderQueue = (action: [number, string, unknown]) => {
  const stub = stubFetch({
    'POST /api/bookkeeping-review/actions': action,
    'POST /api/bookkeeping-review/strategize': [
      200,
      'Strategy assigned to 2 accounts.',
      { changed: 2, unchanged: 0 },
    ],
    'GET /api/strategies': [200, 'Success', [STRATEGY]],
  });
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/bookkeeping-review?')) {
      stub.calls.push({ method: 'GET', url, body: undefined, headers: new Headers(init?.headers) });
      return new Response(
        JSON.stringify({
          statusCode: 200,
          message: 'Success',
          result: ITEMS,
          totalResults: 3,
          custodians: ['Fidelity', 'Schwab'],
          counts: { NEEDS_REVIEW: 3, SNOOZED: 1, ADVANCE_REVIEW: 0, REVIEW_DONE: 12, READY: 4 },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    }
    return stub.fetchStub(input, init);
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithProviders(<ReviewQueue canWrite />, '/bookkeeping?tab=review');
  return { writes: () => stub.calls.filter((c) => c.method === 'POST'), calls: stub.calls };
};

describe('the review queue', { timeout: 30_000 }, () => {
  it('lists the accounts with their reasons and marks the chosen ones done, saying what changed', async () => {
    const user = userEvent.setup();
    const { writes, calls } = renderQueue([200, STRATEGY_MESSAGES.reviewDone, { changed: 1, unchanged: 1 }]);
    const table = await screen.findByRole('table', { name: 'Accounts to review' });
    expect(calls[0]?.url).toContain('status=NEEDS_REVIEW');
    // The status control counts each status's accounts under the same filters.
    expect(await screen.findByText('Needs review (3)')).toBeInTheDocument();
    expect(screen.getByText('Review done (12)')).toBeInTheDocument();
    expect(within(table).getByText('Holdings not priced for the period')).toBeInTheDocument();
    expect(within(table).getAllByText('$1,250.50')).toHaveLength(3);
    expect(within(table).getAllByRole('link', { name: 'Adams, Betty' })[0]).toHaveAttribute(
      'href',
      '/client-detail/11111111-1111-4111-8111-111111111111?tab=managed_accounts',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Select Account 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Account 3' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the chosen accounts' });
    expect(within(bar).getByText('2 accounts selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Mark review done' }));

    expect(await screen.findByText('1 account marked done; 1 left as it was.')).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({
      action: 'REVIEW_DONE',
      accountIds: [ITEMS[0]?.accountId, ITEMS[2]?.accountId],
    });
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
  });

  it('assigns a strategy to the chosen accounts (bookkeeping-strategization)', async () => {
    const user = userEvent.setup();
    const { writes } = renderQueue([200, '', { changed: 0, unchanged: 0 }]);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Account 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Account 2' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the chosen accounts' });
    await user.click(within(bar).getByRole('button', { name: 'Assign strategy…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign strategy' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose a strategy.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Strategy' }));
    await user.click(await screen.findByRole('option', { name: 'Balanced 60/40 (risk 50)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Strategy assigned to 2 accounts.')).toBeInTheDocument();
    expect(writes().find((c) => c.url.includes('strategize'))?.body).toEqual({
      accountIds: [ITEMS[0]?.accountId, ITEMS[1]?.accountId],
      strategyId: STRATEGY.id,
    });
  });

  it('selects the whole page from the header and offers only the view’s actions', async () => {
    const user = userEvent.setup();
    renderQueue([200, '', { changed: 0, unchanged: 0 }]);
    await user.click(await screen.findByRole('checkbox', { name: 'Select every account of this page' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the chosen accounts' });
    expect(within(bar).getByText('3 accounts selected')).toBeInTheDocument();
    expect(
      within(bar)
        .getAllByRole('button')
        .flatMap((b) => b.textContent || []),
    ).toEqual(['Mark review done', 'Snooze…', 'Send to advance review', 'Assign strategy…']);
  });

  it('snoozes: the date is required and after today, the note at most 200 characters with a counter', async () => {
    const user = userEvent.setup();
    const { writes } = renderQueue([200, STRATEGY_MESSAGES.reviewSnoozed, { changed: 1, unchanged: 0 }]);
    await user.click(await screen.findByRole('button', { name: 'Snooze Account 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze review' });
    const date = within(dialog).getByLabelText(/Snooze until/);

    await user.clear(date);
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText(STRATEGY_MESSAGES.snoozeDateRequired)).toBeInTheDocument();

    const today = new Date().toISOString().slice(0, 10);
    await user.type(date, addDays(today, -1));
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText(STRATEGY_MESSAGES.snoozeDateFuture)).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    const note = within(dialog).getByLabelText(/Note/);
    await user.type(note, 'Waiting for the custodian.');
    expect(within(dialog).getByText(`26 / ${REVIEW_NOTE_MAX}`)).toBeInTheDocument();
    await user.clear(note);
    await user.click(note);
    await user.paste('x'.repeat(REVIEW_NOTE_MAX + 20));
    expect(note).toHaveValue('x'.repeat(REVIEW_NOTE_MAX));
    expect(within(dialog).getByText(`${REVIEW_NOTE_MAX} / ${REVIEW_NOTE_MAX}`)).toBeInTheDocument();
    expect(within(dialog).getByText(STRATEGY_MESSAGES.noteMax)).toBeInTheDocument();
    await user.clear(note);
    await user.type(note, 'Statement due Friday');

    const until = addDays(today, 14);
    await user.clear(date);
    await user.type(date, until);
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({
      action: 'SNOOZE',
      accountIds: [ITEMS[1]?.accountId],
      snoozeUntil: until,
      note: 'Statement due Friday',
    });
    expect(
      await screen.findByText(reviewOutcome('SNOOZE', { changed: 1, unchanged: 0 }, until)),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Snooze review' })).not.toBeInTheDocument(),
    );
  });

  it('puts the server’s refusal of the date on the field', async () => {
    const user = userEvent.setup();
    renderQueue([400, STRATEGY_MESSAGES.snoozeDateFuture, null]);
    await user.click(await screen.findByRole('button', { name: 'Snooze Account 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze review' });
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await screen.findAllByText(STRATEGY_MESSAGES.snoozeDateFuture)).not.toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Snooze review' })).toBeInTheDocument();
  });
});

describe('reviewOutcome', () => {
  it('says how many moved and how many were left as they were', () => {
    expect(reviewOutcome('REVIEW_DONE', { changed: 3, unchanged: 1 })).toBe(
      '3 accounts marked done; 1 left as it was.',
    );
    expect(reviewOutcome('READY', { changed: 1, unchanged: 0 })).toBe('1 account marked ready.');
    expect(reviewOutcome('ESCALATE', { changed: 0, unchanged: 2 })).toBe(
      'No account changed; 2 left as they were.',
    );
    expect(reviewOutcome('SNOOZE', { changed: 2, unchanged: 0 }, '2026-12-01')).toBe(
      '2 accounts snoozed until 12/01/2026.',
    );
  });
});
