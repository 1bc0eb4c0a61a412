import type { Note } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../components/note-editor/prosemirror-jsdom.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DashboardNotes } from './dashboard-notes.tsx';
import { noteFixture, signIn, stubNotesApi } from './test-notes.tsx';

const onTwo = noteFixture({
  id: 'n-two',
  html: '<p>Joint review for both families</p>',
  isPinned: true,
  households: [
    { id: 'c-1', name: 'Carter Household' },
    { id: 'c-2', name: 'Nguyen Household' },
  ],
});

/** The dashboard's notes of this month are these. */
const showNotes = (notes: Note[]) => {
  signIn();
  stubNotesApi((call) =>
    call.method === 'GET' && call.path === '/api/notes'
      ? { result: notes, totalResults: notes.length }
      : undefined,
  );
  renderWithProviders(<DashboardNotes duration="THIS_MONTH" />);
};

describe('DashboardNotes', () => {
  it("lists the period's notes with links to their households' notes, and Refresh goes back to page 1", async () => {
    signIn();
    const calls = stubNotesApi((call) =>
      call.method === 'GET' && call.path === '/api/notes'
        ? {
            result:
              call.query.get('page') === '2' ? [noteFixture({ id: 'n-late', households: [] })] : [onTwo],
            totalResults: 11,
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<DashboardNotes duration="THIS_QUARTER" />);
    const card = await screen.findByRole('article');
    expect(card).toHaveAttribute('data-pinned');
    expect(within(card).getByRole('link', { name: 'Nguyen Household' })).toHaveAttribute(
      'href',
      '/client-detail/c-2?leftPanel=notes&noteId=n-two',
    );
    const gets = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/notes');
    expect(gets()[0]?.query.get('duration')).toBe('THIS_QUARTER');

    await user.click(screen.getByRole('button', { name: 'Page 2 of notes' }));
    await waitFor(() => expect(gets().at(-1)?.query.get('page')).toBe('2'));
    const before = gets().length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(gets().length).toBeGreaterThan(before));
    expect(gets().at(-1)?.query.get('page')).toBe('1');
    await waitFor(() => expect(screen.getByRole('article')).toHaveTextContent('Joint review'));
  });

  it("links a managed-accounts note to the household's Managed Accounts tab", async () => {
    showNotes([
      noteFixture({
        id: 'n-review',
        type: 'MANAGED_ACCOUNTS',
        subType: 'REVIEW_DONE',
        isSystemGenerated: true,
        html: '<p>Bookkeeping review done: Carter IRA.</p>',
        households: [{ id: 'c-1', name: 'Carter Household' }],
      }),
    ]);
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Carter Household' })).toHaveAttribute(
      'href',
      '/client-detail/c-1?tab=managed_accounts',
    );
  });

  it('links a workflow note to its open request (spec §2)', async () => {
    showNotes([
      noteFixture({
        id: 'n-step',
        type: 'WORKFLOW',
        category: null,
        isSystemGenerated: true,
        html: '<p>Step 1 "Collect documents" completed by Daniel Kim.</p>',
        workflowRequest: { id: 'r-1', name: 'Account Opening' },
      }),
      noteFixture({ id: 'n-plain' }),
    ]);
    const [workflow, plain] = await screen.findAllByRole('article');
    expect(within(workflow!).getByRole('link', { name: 'Open the request Account Opening' })).toHaveAttribute(
      'href',
      '/open-requests?requestId=r-1&redirect=true',
    );
    expect(within(plain!).queryByRole('link', { name: /^Open the request/ })).toBeNull();
  });

  it('posts a dashboard note to POST /api/notes', async () => {
    signIn();
    const calls = stubNotesApi((call) => {
      if (call.method === 'POST' && call.path === '/api/notes')
        return { status: 201, message: 'Note added successfully.', result: onTwo };
      if (call.method === 'GET' && call.path === '/api/notes') return { result: [], totalResults: 0 };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardNotes duration="THIS_MONTH" />);
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    await user.click(await screen.findByRole('textbox', { name: 'New dashboard note' }));
    await user.keyboard('Team lunch Friday');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        html: '<p>Team lunch Friday</p>',
        category: 'GENERAL',
        attachmentIds: [],
      }),
    );
  });

  it('has no composer for a user who may not write notes', async () => {
    signIn({ readOnlyNotes: true });
    stubNotesApi((call) => (call.path === '/api/notes' ? { result: [], totalResults: 0 } : undefined));
    renderWithProviders(<DashboardNotes duration="THIS_MONTH" />);
    expect(await screen.findByText('No note was written in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New dashboard note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
  });
});
