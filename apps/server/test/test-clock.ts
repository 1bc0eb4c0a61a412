import { todayIn } from '@centric/contracts';
import type { Clock } from '../src/platform/clock.ts';

export type TestClock = Clock & {
  /** Moves time forward; nothing waits. */
  advance: (ms: number) => void;
  /** Moves time forward to an instant (e.g. `nextUtcTimeOfDay(...)`); never back. */
  advanceTo: (at: Date) => void;
  /**
   * Sets the clock to an instant, past or future, for a test file written around a given firm day (its
   * dates fixed in the test): call it first, before the file writes anything. A file that starts in the past
   * sees rows the database stamps itself (`now()` defaults) ahead of its clock.
   */
  startAt: (at: Date) => void;
};

/**
 * A clock that tests move: it runs with the system clock plus however far the test has moved it, so the
 * times the database writes itself (`now()` defaults) stay at or behind it.
 */
export const createTestClock = (): TestClock => {
  let offsetMs = 0;
  const advance = (ms: number) => {
    if (ms < 0) throw new Error('time only moves forward');
    offsetMs += ms;
  };
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance,
    advanceTo: (at) => advance(at.getTime() - (Date.now() + offsetMs)),
    startAt: (at) => {
      offsetMs = at.getTime() - Date.now();
    },
  };
};

/**
 * The first instant after `after` whose UTC time of day is hour:minute. `nextUtcTimeOfDay(now, 2, 30)` is
 * 21:30 or 22:30 the evening before in New York: the firm's day and the UTC day differ then.
 */
export const nextUtcTimeOfDay = (after: Date, hour: number, minute = 0): Date => {
  const at = new Date(after);
  at.setUTCHours(hour, minute, 0, 0);
  if (at <= after) at.setUTCDate(at.getUTCDate() + 1);
  return at;
};

/** A clock stopped at one instant: for writing rows "at" a given time through the code that writes them. */
export const fixedClock = (at: Date | string): Clock => {
  const instant = new Date(at);
  return { now: () => new Date(instant) };
};

/**
 * Moves the clock past the firm's day end when it is less than `marginMs` away, so that a test moving
 * time by minutes does not end a firm day on its way (the test clock runs on the system's time: a run at
 * 23:50 in New York would otherwise see a day end where the test expects an interval).
 */
export const clearOfDayEnd = (clock: TestClock, timeZone: string, marginMs = 60 * 60_000): void => {
  const now = clock.now();
  if (todayIn(timeZone, new Date(now.getTime() + marginMs)) !== todayIn(timeZone, now)) {
    clock.advance(marginMs);
  }
};
