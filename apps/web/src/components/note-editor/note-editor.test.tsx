import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import type { MentionItem } from './mention-suggestion.ts';
import { NoteEditor, type NoteEditorProps } from './note-editor.tsx';
import './prosemirror-jsdom.ts';

type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void; promise: Promise<T> };
const pending = <T,>(): Pending<T> => {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { resolve, reject, promise };
};

const ann: MentionItem = { id: 'u1', label: 'Ann Lee', sublabel: 'ann@centric.local' };
const people = (count: number): MentionItem[] =>
  Array.from({ length: count }, (_, index) => ({ id: `u${index + 1}`, label: `Person ${index + 1}` }));

const setup = (props: Partial<NoteEditorProps> = {}, options: { applyAccept?: boolean } = {}) => {
  const user = userEvent.setup(options);
  const onSubmit = vi.fn<NoteEditorProps['onSubmit']>(async () => {});
  const searchUsers = vi.fn<NoteEditorProps['searchUsers']>(async () => [ann]);
  const utils = renderWithProviders(
    <NoteEditor onSubmit={onSubmit} searchUsers={searchUsers} aria-label="Note" {...props} />,
  );
  const box = () => screen.getByRole('textbox', { name: 'Note' });
  const post = () => screen.getByRole('button', { name: props.submitLabel ?? 'Post' });
  const fileInput = () => {
    const input = utils.container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    return input;
  };
  return { user, onSubmit, searchUsers, box, post, fileInput, ...utils };
};

const typeInto = async (user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) => {
  await user.click(box);
  await user.keyboard(text);
};

describe('NoteEditor', () => {
  it('posts the typed text with bold as HTML and plain text, then clears', async () => {
    const { user, onSubmit, box, post } = setup();
    await typeInto(user, box(), 'Call ');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.keyboard('today');
    expect(screen.getByText('10 / 1500')).toBeInTheDocument();
    await user.click(post());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      html: '<p>Call <strong>today</strong></p>',
      text: 'Call today',
      mentionedUserIds: [],
      mentionedHouseholdIds: [],
      attachmentIds: [],
    });
    await waitFor(() => expect(box()).toHaveTextContent(''));
    expect(screen.getByText('0 / 1500')).toBeInTheDocument();
    expect(post()).toBeDisabled();
  });

  it('has only bold, italic, the two lists and link controls in its toolbar', () => {
    setup();
    const names = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['Bold', 'Italic', 'Bullet list', 'Ordered list', 'Link', 'Remove link', 'Post']);
  });

  it('posts with Ctrl+Enter', async () => {
    const { user, onSubmit, box } = setup();
    await typeInto(user, box(), 'Quick note');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].html).toBe('<p>Quick note</p>');
  });

  it('keeps the note when posting fails, and shows loading while it runs', async () => {
    const answer = pending<void>();
    const { user, onSubmit, box, post } = setup();
    onSubmit.mockImplementationOnce(() => answer.promise);
    await typeInto(user, box(), 'Keep me');
    await user.click(post());
    await waitFor(() => expect(post()).toHaveAttribute('data-loading', 'true'));
    await act(async () => answer.reject(new Error('Internal Server Error')));
    await waitFor(() => expect(post()).not.toHaveAttribute('data-loading'));
    expect(box()).toHaveTextContent('Keep me');
    expect(post()).toBeEnabled();
  });

  it('disables Post while empty or only white space, and allows a post with only a mention', async () => {
    const { user, onSubmit, box, post } = setup();
    expect(post()).toBeDisabled();
    await typeInto(user, box(), '   ');
    expect(post()).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('@');
    await screen.findByRole('option', { name: /Ann Lee/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(post()).toBeEnabled());
    await user.click(post());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ text: '@Ann Lee', mentionedUserIds: ['u1'] });
  });

  it('shows Loading... then at most 10 users for @, and inserts the chosen one as a mention', async () => {
    const { user, onSubmit, searchUsers, box, post } = setup();
    searchUsers.mockImplementation(async () => people(12));
    await typeInto(user, box(), 'Ask @Pe');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    const list = await screen.findByRole('listbox', { name: 'Users to mention' });
    const options = await within(list).findAllByRole('option');
    expect(options).toHaveLength(10);
    expect(searchUsers).toHaveBeenCalledTimes(1);
    expect(searchUsers.mock.calls[0]?.[0]).toBe('Pe');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-controls');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('about it');
    await user.click(post());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      html: '<p>Ask <span data-type="mention" data-id="u2" data-label="Person 2">@Person 2</span> about it</p>',
      text: 'Ask @Person 2 about it',
      mentionedUserIds: ['u2'],
      mentionedHouseholdIds: [],
    });
  });

  it('chooses a user with the mouse, hides the list while the editor is left, closes it with Escape', async () => {
    const { user, box } = setup();
    await typeInto(user, box(), '@A');
    await user.click(await screen.findByRole('option', { name: /Ann Lee/ }));
    expect(box().innerHTML).toContain(
      '<span data-type="mention" data-id="u1" data-label="Ann Lee">@Ann Lee</span>',
    );
    await user.keyboard('@B');
    await screen.findByRole('listbox');
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    act(() => box().focus());
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("says 'No Data Found.' and 'Error'", async () => {
    const { user, searchUsers, box } = setup();
    searchUsers.mockImplementationOnce(async () => []);
    await typeInto(user, box(), '@Nobody');
    expect(await screen.findByText('No Data Found.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    searchUsers.mockImplementationOnce(async () => {
      throw new Error('Internal Server Error');
    });
    await user.keyboard('x');
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('No Data Found.')).not.toBeInTheDocument();
  });

  it('drops a stale answer that comes after the answer to a newer query', async () => {
    const first = pending<MentionItem[]>();
    const second = pending<MentionItem[]>();
    const { user, searchUsers, box } = setup();
    searchUsers.mockImplementationOnce(() => first.promise).mockImplementationOnce(() => second.promise);
    await typeInto(user, box(), '@A');
    await waitFor(() => expect(searchUsers).toHaveBeenCalledTimes(1));
    await user.keyboard('l');
    await waitFor(() => expect(searchUsers).toHaveBeenCalledTimes(2));
    expect(searchUsers.mock.calls[0]?.[1].aborted).toBe(true);
    expect(searchUsers.mock.calls[1]?.[0]).toBe('Al');
    await act(async () => second.resolve([{ id: 'u7', label: 'Alan Ray' }]));
    expect(await screen.findByRole('option', { name: 'Alan Ray' })).toBeInTheDocument();
    await act(async () => first.resolve([{ id: 'u8', label: 'Amy Old' }]));
    expect(screen.queryByRole('option', { name: 'Amy Old' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('mentions households with # when searchHouseholds is given, and not otherwise', async () => {
    const searchHouseholds = vi.fn(async () => [{ id: 'h3', label: 'Smith Family' }]);
    const { user, onSubmit, box, post, unmount } = setup({ searchHouseholds });
    await typeInto(user, box(), 'See #Smi');
    const list = await screen.findByRole('listbox', { name: 'Households to mention' });
    await within(list).findByRole('option', { name: 'Smith Family' });
    await user.keyboard('{Enter}');
    await user.click(post());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      html: '<p>See <span data-type="householdMention" data-id="h3" data-label="Smith Family">#Smith Family</span> </p>',
      text: 'See #Smith Family',
      mentionedUserIds: [],
      mentionedHouseholdIds: ['h3'],
    });
    unmount();

    const plain = setup();
    await typeInto(plain.user, plain.box(), 'Room #5');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(plain.box()).toHaveTextContent('Room #5');
  });

  it('opens an existing note with its mentions and posts the same HTML back', async () => {
    const html =
      '<p>Met <span data-type="mention" data-id="u1" data-label="Ann Lee">@Ann Lee</span> and ' +
      '<span data-type="householdMention" data-id="h3" data-label="Smith Family">#Smith Family</span></p>' +
      '<ul><li><p><em>Follow</em> <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">up</a></p></li></ul>';
    const { user, onSubmit, post } = setup({ initialHtml: html, submitLabel: 'Save' });
    await user.click(post());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      html,
      mentionedUserIds: ['u1'],
      mentionedHouseholdIds: ['h3'],
    });
  });

  it('stops at 200 characters in restricted mode with the message', async () => {
    const { user, onSubmit, box, post } = setup({
      restricted: true,
      initialHtml: `<p>${'a'.repeat(198)}</p>`,
      autoFocus: true,
    });
    expect(screen.getByText('198 / 200')).toBeInTheDocument();
    expect(screen.queryByText('Maximum of 200 characters are allowed')).not.toBeInTheDocument();
    await waitFor(() => expect(box()).toHaveFocus());
    await user.keyboard('bcdef');
    expect(screen.getByText('200 / 200')).toBeInTheDocument();
    expect(screen.getByText('Maximum of 200 characters are allowed')).toBeInTheDocument();
    expect(box()).toHaveTextContent(`${'a'.repeat(198)}bc`, { normalizeWhitespace: false });
    await user.click(post());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].text).toHaveLength(200);
  });

  it('trims pasted text to the limit and shows the 1500 message', async () => {
    const { user, box } = setup({ initialHtml: `<p>${'a'.repeat(1490)}</p>`, autoFocus: true });
    await waitFor(() => expect(box()).toHaveFocus());
    await user.paste('b'.repeat(30));
    expect(screen.getByText('1500 / 1500')).toBeInTheDocument();
    expect(screen.getByText('Maximum of 1500 characters are allowed')).toBeInTheDocument();
    expect(box().textContent).toHaveLength(1500);
  });

  it('refuses a file of another type or over 15 MB with the message, without uploading it', async () => {
    const uploadAttachment = vi.fn<NonNullable<NoteEditorProps['uploadAttachment']>>();
    const { user, fileInput } = setup({ uploadAttachment }, { applyAccept: false });
    expect(fileInput()).toHaveAttribute('accept', '.jpg,.jpeg,.png,.pdf');
    await user.upload(fileInput(), new File(['x'], 'notes.docx'));
    expect(
      screen.getByText('File format accepted only .jpg,.jpeg,.png,.pdf up to 15 MB'),
    ).toBeInTheDocument();
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 15 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), big);
    expect(
      screen.getByText('File format accepted only .jpg,.jpeg,.png,.pdf up to 15 MB'),
    ).toBeInTheDocument();
    expect(uploadAttachment).not.toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: /Attachment/ })).not.toBeInTheDocument();
  });

  it('takes the caller’s accepted types and message', async () => {
    const uploadAttachment = vi.fn<NonNullable<NoteEditorProps['uploadAttachment']>>();
    const { user, fileInput } = setup(
      { uploadAttachment, acceptedFileTypes: '.png', fileFormatMessage: 'Only PNG' },
      { applyAccept: false },
    );
    await user.upload(fileInput(), new File(['x'], 'scan.pdf'));
    expect(screen.getByText('Only PNG')).toBeInTheDocument();
    expect(uploadAttachment).not.toHaveBeenCalled();
  });

  it('disables Post while an upload is pending, then posts the attachment id and clears it', async () => {
    const upload = pending<{ id: string; name: string }>();
    const uploadAttachment = vi.fn<NonNullable<NoteEditorProps['uploadAttachment']>>(() => upload.promise);
    const { user, onSubmit, box, post, fileInput } = setup({ uploadAttachment });
    await typeInto(user, box(), 'See the statement');
    await user.upload(fileInput(), new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' }));
    expect(uploadAttachment).toHaveBeenCalledTimes(1);
    const chip = screen.getByRole('group', { name: 'Attachment statement.pdf' });
    expect(within(chip).getByText('Uploading...')).toBeInTheDocument();
    expect(post()).toBeDisabled();
    await act(async () => upload.resolve({ id: 'f9', name: 'statement.pdf' }));
    expect(within(chip).queryByText('Uploading...')).not.toBeInTheDocument();
    expect(within(chip).getByText('statement.pdf')).toBeInTheDocument();
    await waitFor(() => expect(post()).toBeEnabled());
    await user.click(post());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].attachmentIds).toEqual(['f9']);
    await waitFor(() => expect(screen.queryByRole('group', { name: /Attachment/ })).not.toBeInTheDocument());
  });

  it("shows the server's message when an upload fails", async () => {
    const uploadAttachment = vi.fn(async () => {
      throw new Error('Internal Server Error');
    });
    const { user, fileInput, box, post } = setup({ uploadAttachment });
    await typeInto(user, box(), 'x');
    await user.upload(fileInput(), new File(['x'], 'photo.png', { type: 'image/png' }));
    const chip = await screen.findByRole('group', { name: 'Attachment photo.png' });
    expect(await within(chip).findByText('Internal Server Error')).toBeInTheDocument();
    expect(post()).toBeEnabled();
  });

  it('removes an uploaded attachment through deleteAttachment and says so', async () => {
    const uploadAttachment = vi.fn(async () => ({ id: 'f4', name: 'photo.png' }));
    const deleteAttachment = vi.fn(async () => {});
    const { user, onSubmit, fileInput, box, post } = setup({ uploadAttachment, deleteAttachment });
    await user.upload(fileInput(), new File(['x'], 'photo.png', { type: 'image/png' }));
    await screen.findByText('photo.png');
    await user.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    expect(deleteAttachment).toHaveBeenCalledWith('f4');
    expect(await screen.findByText('Attachment deleted successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Attachment/ })).not.toBeInTheDocument();
    await typeInto(user, box(), 'x');
    await user.click(post());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].attachmentIds).toEqual([]);
  });
});
