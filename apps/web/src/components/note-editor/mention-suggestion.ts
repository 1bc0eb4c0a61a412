import { SEARCH_DEBOUNCE_MS } from '../../lib/use-debounced-search.ts';

/** Spec §9: mention suggestions show at most 10. */
export const MENTION_SUGGESTIONS_MAX = 10;
/** Spec §9: search is debounced 500 ms; mention suggestions too. */
export const MENTION_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;

/** Spec §8: the mention list's states, verbatim. */
export const MENTION_LIST_MESSAGES = {
  loading: 'Loading...',
  empty: 'No Data Found.',
  error: 'Error',
} as const;

/** One suggestion: a user (`@`) or a household (`#`). */
export type MentionItem = { id: string; label: string; sublabel?: string };

export type MentionKind = 'user' | 'household';

/** Answers the suggestions for a query; `signal` aborts when a newer query or the list's end supersedes it. */
export type MentionSearch = (query: string, signal: AbortSignal) => Promise<MentionItem[]>;

export type MentionListState =
  | { open: false }
  | {
      open: true;
      kind: MentionKind;
      query: string;
      status: 'loading' | 'ready' | 'error';
      items: MentionItem[];
      /** The highlighted option (-1: none, while loading or with no items). */
      activeIndex: number;
      /** Where the typed `@query` is on screen, to place the list under it. */
      anchor: DOMRect | null;
    };

type Session = {
  kind: MentionKind;
  search: MentionSearch;
  choose: (item: MentionItem) => void;
};

type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

type ControllerOptions = {
  debounceMs?: number;
  maxItems?: number;
  timers?: Timers;
};

const CLOSED: MentionListState = { open: false };

/**
 * The mention list's state machine, apart from TipTap and React: the suggestion plugin reports the typed
 * query (`start`, `update`, `end`) and the keys (`keyDown`); the list renders `getState()`.
 *
 * Each query change shows 'Loading...' at once, waits 500 ms without a further change, then searches with a
 * fresh AbortSignal; the previous search is aborted, and an answer for any query but the latest is dropped
 * (a search that ignores its signal cannot show a stale list). At most 10 items are shown.
 */
export const createMentionController = ({
  debounceMs = MENTION_DEBOUNCE_MS,
  maxItems = MENTION_SUGGESTIONS_MAX,
  timers = {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
}: ControllerOptions = {}) => {
  let state: MentionListState = CLOSED;
  let session: Session | null = null;
  let timer: unknown = null;
  let inFlight: AbortController | null = null;
  /** Increases with every query and every close: an answer is used only if its number is still current. */
  let generation = 0;
  const listeners = new Set<() => void>();

  const set = (next: MentionListState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const cancelPending = () => {
    generation += 1;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    inFlight?.abort();
    inFlight = null;
  };

  const runSearch = (query: string, mine: number) => {
    if (!session) return;
    const controller = new AbortController();
    inFlight = controller;
    let answer: Promise<MentionItem[]>;
    try {
      answer = session.search(query, controller.signal);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (items) => {
        if (mine !== generation || controller.signal.aborted || !state.open) return;
        inFlight = null;
        const shown = items.slice(0, maxItems);
        set({ ...state, status: 'ready', items: shown, activeIndex: shown.length > 0 ? 0 : -1 });
      },
      () => {
        if (mine !== generation || controller.signal.aborted || !state.open) return;
        inFlight = null;
        set({ ...state, status: 'error', items: [], activeIndex: -1 });
      },
    );
  };

  const query = (text: string, anchor: DOMRect | null) => {
    if (!session) return;
    cancelPending();
    const mine = generation;
    set({
      open: true,
      kind: session.kind,
      query: text,
      status: 'loading',
      items: [],
      activeIndex: -1,
      anchor,
    });
    timer = timers.setTimeout(() => {
      timer = null;
      runSearch(text, mine);
    }, debounceMs);
  };

  const close = () => {
    cancelPending();
    session = null;
    if (state.open) set(CLOSED);
  };

  const choose = (index: number) => {
    if (!state.open || !session) return false;
    const item = state.items[index];
    if (!item) return false;
    const pick = session.choose;
    close();
    pick(item);
    return true;
  };

  const move = (step: 1 | -1) => {
    if (!state.open || state.items.length === 0) return;
    const count = state.items.length;
    const activeIndex = (state.activeIndex + step + count) % count;
    set({ ...state, activeIndex });
  };

  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** The trigger (`@` or `#`) was typed: open the list for this kind and search its query. */
    start: (next: Session, text: string, anchor: DOMRect | null = null) => {
      cancelPending();
      session = next;
      query(text, anchor);
    },
    /** The query changed (or only the caret's place, then nothing is searched again). */
    update: (kind: MentionKind, text: string, anchor: DOMRect | null = null) => {
      if (!session || session.kind !== kind) return;
      if (state.open && state.query === text) {
        set({ ...state, anchor });
        return;
      }
      query(text, anchor);
    },
    /** The suggestion ended (caret left it, Escape, a mention was inserted). Only that kind's list closes. */
    end: (kind: MentionKind) => {
      if (session?.kind === kind) close();
    },
    close,
    choose,
    setActive: (index: number) => {
      if (state.open && index >= 0 && index < state.items.length) set({ ...state, activeIndex: index });
    },
    /** The suggestion plugin's keys; true when the list used the key (the editor then ignores it). */
    keyDown: (key: string) => {
      if (!state.open) return false;
      if (key === 'ArrowDown') {
        move(1);
        return true;
      }
      if (key === 'ArrowUp') {
        move(-1);
        return true;
      }
      if (key === 'Enter' || key === 'Tab') {
        if (state.activeIndex >= 0) return choose(state.activeIndex);
        // Nothing to choose (loading, no data, error): the list closes and the key does its usual work.
        close();
        return false;
      }
      if (key === 'Escape') {
        close();
        return true;
      }
      return false;
    },
    destroy: () => {
      close();
      listeners.clear();
    },
  };
};

export type MentionController = ReturnType<typeof createMentionController>;
