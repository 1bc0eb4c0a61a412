import type { ClientDetail } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../components/note-editor/prosemirror-jsdom.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NotesPanel } from './notes-panel.tsx';
import { type Call, noteFixture, signIn, stubNotesApi } from './test-notes.tsx';

const CLIENT_ID = '0b5c6f1e-3c1d-4f3a-9a52-7f1f1d2b9c01';
const detail = { clientId: CLIENT_ID, name: 'Carter Household' } as ClientDetail;
const LIST = `/api/clients/${CLIENT_ID}/notes`;
const BO_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const pinned = noteFixture({
  id: 'n-pinned',
  html: '<p>Pinned: annual review <span data-type="mention" data-id="u-bo" data-label="Bo Chen">@Bo Chen</span></p>',
  isPinned: true,
  category: 'FOLLOW_UP',
});
const recent = noteFixture({
  id: 'n-recent',
  html: '<p>Recent call</p>',
  category: 'PHONE',
  editedAt: '2026-03-05T10:00:00.000Z',
  attachments: [
    {
      id: 'a-1',
      name: 'statement.pdf',
      contentType: 'application/pdf',
      size: 1200,
      url: '/api/fileAttachment/a-1',
    },
  ],
});

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === LIST);

const renderPanel = (answer: Parameters<typeof stubNotesApi>[0], path = '/') => {
  signIn();
  const calls = stubNotesApi(answer);
  const user = userEvent.setup();
  const utils = renderWithProviders(<NotesPanel detail={detail} />, path);
  return { calls, user, ...utils };
};

const cards = () => screen.getAllByRole('article');

describe('NotesPanel', () => {
  it('lists the notes in the server order (pinned first) with author, firm time, category and pin; pages by 10', async () => {
    const { calls, user } = renderPanel((call) =>
      call.method === 'GET' && call.path === LIST
        ? {
            result:
              call.query.get('page') === '2'
                ? [noteFixture({ id: 'n-old', html: '<p>Older note</p>' })]
                : [pinned, recent],
            totalResults: 12,
          }
        : undefined,
    );
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards();
    expect(first).toHaveTextContent('Pinned: annual review');
    expect(first).toHaveAttribute('data-pinned');
    expect(within(first!).getByRole('img', { name: 'Pinned' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Follow Up');
    // The mention is the server's span, shown as a chip by the panel's styles.
    expect(first!.querySelector('span[data-type="mention"]')).toHaveTextContent('@Bo Chen');
    expect(second).not.toHaveAttribute('data-pinned');
    expect(second).toHaveTextContent('Ann Lee');
    expect(second).toHaveTextContent('03/04/2026 2:15 PM');
    expect(second).toHaveTextContent('(edited)');
    expect(second).toHaveTextContent('Phone');
    expect(within(second!).getByRole('button', { name: 'Open statement.pdf' })).toBeInTheDocument();
    expect(screen.getByText('12 notes')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.query.get('limit')).toBe('10');
    expect(listCalls(calls)[0]?.query.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Page 2 of notes' }));
    await waitFor(() => expect(screen.getByText('Older note')).toBeInTheDocument());
    expect(listCalls(calls).at(-1)?.query.get('page')).toBe('2');
  });

  it("lists and posts a tab's own notes by their type (managed accounts)", async () => {
    signIn();
    const calls = stubNotesApi((call) => {
      if (call.method === 'POST' && call.path === LIST)
        return { status: 201, message: 'Note added successfully.', result: recent };
      if (call.method === 'GET' && call.path === LIST) return { result: [], totalResults: 0 };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(
      <NotesPanel detail={detail} noteType="MANAGED_ACCOUNTS" title="Managed accounts notes" />,
    );
    expect(await screen.findByRole('heading', { name: 'Managed accounts notes' })).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls)[0]?.query.get('type')).toBe('MANAGED_ACCOUNTS'));
    const box = await screen.findByRole('textbox', { name: 'New note on Carter Household' });
    await user.click(box);
    await user.keyboard('Rebalanced to the model');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      html: '<p>Rebalanced to the model</p>',
      type: 'MANAGED_ACCOUNTS',
    });
  });

  it('posts the editor payload with the chosen category on the household, then lists again', async () => {
    let posted = false;
    const { calls, user } = renderPanel((call) => {
      if (call.method === 'POST' && call.path === LIST) {
        posted = true;
        return { status: 201, message: 'Note added successfully.', result: recent };
      }
      if (call.method === 'GET' && call.path === LIST)
        return { result: posted ? [recent] : [], totalResults: posted ? 1 : 0 };
      return undefined;
    });
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    expect(screen.getByText('Write the first note about this household above.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'New note on Carter Household: category' }));
    await user.click(await screen.findByRole('option', { name: 'Phone' }));
    const box = await screen.findByRole('textbox', { name: 'New note on Carter Household' });
    await user.click(box);
    await user.keyboard('Called Mrs Carter');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      html: '<p>Called Mrs Carter</p>',
      category: 'PHONE',
      attachmentIds: [],
    });
    expect(await screen.findByText('Note added successfully.')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(listCalls(calls).length).toBeGreaterThanOrEqual(2);
    // The category goes back to General for the next note.
    expect(screen.getByRole('combobox', { name: 'New note on Carter Household: category' })).toHaveValue(
      'General',
    );
  });

  it("asks 'Please Confirm?' before deleting and sends DELETE only on confirm", async () => {
    const { calls, user } = renderPanel((call) => {
      if (call.method === 'DELETE') return { message: 'Note deleted successfully.', result: null };
      if (call.method === 'GET' && call.path === LIST) return { result: [recent], totalResults: 1 };
      return undefined;
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
    const openDelete = async () => {
      await user.click(screen.getByRole('button', { name: 'Actions for the note by Ann Lee' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    };
    await openDelete();
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the note?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await openDelete();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/notes/n-recent');
    expect(await screen.findByText('Note deleted successfully.')).toBeInTheDocument();
  });

  it('offers only the actions the server allows, and none on a system note', async () => {
    const { user } = renderPanel((call) =>
      call.method === 'GET' && call.path === LIST
        ? {
            result: [
              noteFixture({ id: 'n-sys', author: null, isSystemGenerated: true, html: '<p>Review done</p>' }),
              noteFixture({
                id: 'n-other',
                author: { id: 'u-bo', fullName: 'Bo Chen', profileImageUrl: null },
                canEdit: false,
                canDelete: false,
                canPin: false,
              }),
              noteFixture({ id: 'n-pin-only', canEdit: false, canDelete: false, canPin: true }),
            ],
            totalResults: 3,
          }
        : undefined,
    );
    await waitFor(() => expect(cards()).toHaveLength(3));
    const [system, other, pinOnly] = cards();
    expect(within(system!).getByText('System')).toBeInTheDocument();
    expect(within(system!).queryByRole('button', { name: /^Actions/ })).not.toBeInTheDocument();
    expect(within(other!).queryByRole('button', { name: /^Actions/ })).not.toBeInTheDocument();
    await user.click(within(pinOnly!).getByRole('button', { name: /^Actions/ }));
    expect(await screen.findByRole('menuitem', { name: 'Pin' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('pins through PUT /api/notes/:id/pin and edits in place with PATCH', async () => {
    const { calls, user } = renderPanel((call) => {
      if (call.method === 'PUT')
        return { message: 'Note pinned successfully.', result: { ...recent, isPinned: true } };
      if (call.method === 'PATCH') return { message: 'Note updated successfully.', result: recent };
      if (call.method === 'GET' && call.path === LIST) return { result: [recent], totalResults: 1 };
      return undefined;
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Actions for the note by Ann Lee' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pin' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ isPinned: true }));
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe('/api/notes/n-recent/pin');

    await user.click(screen.getByRole('button', { name: 'Actions for the note by Ann Lee' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const box = await screen.findByRole('textbox', { name: 'Edit note' });
    expect(box).toHaveTextContent('Recent call');
    await user.click(box);
    await user.keyboard(' back');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch).toMatchObject({
      path: '/api/notes/n-recent',
      body: { category: 'PHONE', attachmentIds: [] },
    });
    // The note's text, with what was typed where the caret was.
    expect((patch?.body as { html: string }).html).toMatch(/^<p>.*back.*<\/p>$/);
    expect((patch?.body as { html: string }).html.replace(' back', '')).toBe('<p>Recent call</p>');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit note' })).not.toBeInTheDocument());
  });

  it('puts the category, the author and the debounced search in the query, from page 1', async () => {
    const { calls, user } = renderPanel((call) => {
      if (call.path === '/api/users/search')
        return {
          result: [{ id: BO_ID, fullName: 'Bo Chen', email: 'bo@centric.local', profileImageUrl: null }],
        };
      if (call.method === 'GET' && call.path === LIST) return { result: [recent], totalResults: 1 };
      return undefined;
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Search notes' }), 'roll');
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('search')).toBe('roll'), { timeout: 2000 });

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Email' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('category')).toBe('EMAIL'));

    await user.click(screen.getByRole('combobox', { name: 'Author' }));
    await user.click(await screen.findByRole('option', { name: /Bo Chen/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('authorId')).toBe(BO_ID));
    const last = listCalls(calls).at(-1)!;
    expect(last.query.get('search')).toBe('roll');
    expect(last.query.get('category')).toBe('EMAIL');
    expect(last.query.get('page')).toBe('1');
  });

  it('shows the error with Try again, which fetches the notes again', async () => {
    let fail = true;
    const { user } = renderPanel((call) =>
      call.method === 'GET' && call.path === LIST
        ? fail
          ? { status: 500, message: 'Internal Server Error', result: null }
          : { result: [recent], totalResults: 1 }
        : undefined,
    );
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('outlines the note a link names, or shows it above the list when it is on another page', async () => {
    renderPanel((call) => {
      if (call.method === 'GET' && call.path === '/api/notes/n-far')
        return { result: noteFixture({ id: 'n-far', html: '<p>From last year</p>' }) };
      if (call.method === 'GET' && call.path === LIST) return { result: [pinned, recent], totalResults: 2 };
      return undefined;
    }, '/?noteId=n-recent');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards()[1]).toHaveAttribute('data-highlighted');
    expect(cards()[0]).not.toHaveAttribute('data-highlighted');
  });

  it('fetches a linked note that is not on the page and shows it first', async () => {
    renderPanel((call) => {
      if (call.method === 'GET' && call.path === '/api/notes/n-far')
        return { result: noteFixture({ id: 'n-far', html: '<p>From last year</p>' }) };
      if (call.method === 'GET' && call.path === LIST) return { result: [pinned, recent], totalResults: 2 };
      return undefined;
    }, '/?noteId=n-far');
    expect(await screen.findByText('Linked note')).toBeInTheDocument();
    expect(cards()[0]).toHaveTextContent('From last year');
    expect(cards()[0]).toHaveAttribute('data-highlighted');
  });
});
