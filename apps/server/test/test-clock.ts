import type { Clock } from '../src/platform/clock.ts';

export type TestClock = Clock & {
  /** Moves time forward; nothing waits. */
  advance: (ms: number) => void;
};

/**
 * A clock that tests move: it runs with the system clock plus however far the test has moved it, so the
 * times the database writes itself (`now()` defaults) stay at or behind it.
 */
export const createTestClock = (): TestClock => {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      if (ms < 0) throw new Error('time only moves forward');
      offsetMs += ms;
    },
  };
};
