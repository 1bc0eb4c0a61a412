import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MENTION_DEBOUNCE_MS,
  type MentionItem,
  type MentionListState,
  createMentionController,
} from './mention-suggestion.ts';

type Deferred = {
  query: string;
  signal: AbortSignal;
  resolve: (items: MentionItem[]) => void;
  reject: (error: unknown) => void;
};

const searchRecorder = () => {
  const calls: Deferred[] = [];
  const search = vi.fn(
    (query: string, signal: AbortSignal) =>
      new Promise<MentionItem[]>((resolve, reject) => calls.push({ query, signal, resolve, reject })),
  );
  return { calls, search };
};

const users = (count: number): MentionItem[] =>
  Array.from({ length: count }, (_, index) => ({ id: `u${index + 1}`, label: `User ${index + 1}` }));

const open = (state: MentionListState) => {
  if (!state.open) throw new Error('the list is closed');
  return state;
};

describe('createMentionController', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows Loading at once and searches only 500 ms after the last change of the query', async () => {
    const { calls, search } = searchRecorder();
    const controller = createMentionController();
    controller.start({ kind: 'user', search, choose: vi.fn() }, 'A');
    expect(open(controller.getState()).status).toBe('loading');
    await vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS - 1);
    controller.update('user', 'An');
    await vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(calls[0]?.query).toBe('An');
    calls[0]?.resolve(users(12));
    await vi.advanceTimersByTimeAsync(0);
    const state = open(controller.getState());
    expect(state.status).toBe('ready');
    expect(state.items).toHaveLength(10);
    expect(state.activeIndex).toBe(0);
  });

  it('aborts the previous search and drops its answer when it comes after a newer query', async () => {
    const { calls, search } = searchRecorder();
    const controller = createMentionController();
    controller.start({ kind: 'user', search, choose: vi.fn() }, 'A');
    await vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS);
    controller.update('user', 'Al');
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(open(controller.getState()).status).toBe('loading');
    await vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS);
    calls[1]?.resolve([{ id: 'u2', label: 'Alan Ray' }]);
    await vi.advanceTimersByTimeAsync(0);
    // The older search ignores its signal and answers last: its list must not replace the newer one.
    calls[0]?.resolve([{ id: 'u9', label: 'Amy Old' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(open(controller.getState()).items.map((item) => item.label)).toEqual(['Alan Ray']);
  });

  it('drops an answer that comes after the list closed', async () => {
    const { calls, search } = searchRecorder();
    const controller = createMentionController();
    controller.start({ kind: 'user', search, choose: vi.fn() }, '');
    await vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS);
    controller.end('user');
    calls[0]?.resolve(users(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getState()).toEqual({ open: false });
  });

  it('answers the error and empty states', async () => {
    const { calls, search } = searchRecorder();
    const controller = createMentionController();
    controller.start({ kind: 'household', search, choose: vi.fn() }, 'Zz');
    await vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS);
    calls[0]?.reject(new Error('Internal Server Error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(open(controller.getState()).status).toBe('error');
    controller.update('household', 'Zzz');
    await vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS);
    calls[1]?.resolve([]);
    await vi.advanceTimersByTimeAsync(0);
    const state = open(controller.getState());
    expect(state.status).toBe('ready');
    expect(state.items).toEqual([]);
    expect(state.activeIndex).toBe(-1);
  });

  it('moves with the arrows (wrapping), chooses with Enter and closes with Escape', async () => {
    const { calls, search } = searchRecorder();
    const choose = vi.fn();
    const controller = createMentionController();
    controller.start({ kind: 'user', search, choose }, 'U');
    await vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS);
    calls[0]?.resolve(users(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.keyDown('ArrowUp')).toBe(true);
    expect(open(controller.getState()).activeIndex).toBe(2);
    expect(controller.keyDown('ArrowDown')).toBe(true);
    expect(open(controller.getState()).activeIndex).toBe(0);
    controller.keyDown('ArrowDown');
    expect(controller.keyDown('Enter')).toBe(true);
    expect(choose).toHaveBeenCalledWith({ id: 'u2', label: 'User 2' });
    expect(controller.getState()).toEqual({ open: false });

    controller.start({ kind: 'user', search, choose }, 'U');
    expect(controller.keyDown('Escape')).toBe(true);
    expect(controller.getState()).toEqual({ open: false });
    expect(controller.keyDown('ArrowDown')).toBe(false);
  });

  it('lets Enter through while there is nothing to choose, closing the list', () => {
    const { search } = searchRecorder();
    const controller = createMentionController();
    controller.start({ kind: 'user', search, choose: vi.fn() }, 'U');
    expect(controller.keyDown('Enter')).toBe(false);
    expect(controller.getState()).toEqual({ open: false });
  });

  it("closes only its own kind's list", () => {
    const { search } = searchRecorder();
    const controller = createMentionController();
    controller.start({ kind: 'household', search, choose: vi.fn() }, '');
    controller.end('user');
    expect(open(controller.getState()).kind).toBe('household');
    controller.update('user', 'x');
    expect(open(controller.getState()).query).toBe('');
  });
});
