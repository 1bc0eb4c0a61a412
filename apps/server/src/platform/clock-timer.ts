import type { Clock } from './clock.ts';

/** How often a clock timer looks at the clock at most: a clock moved by hand, or a sleep, is seen soon. */
const MAX_WAIT_MS = 60_000;

/**
 * Calls `tick` at each new slot of `intervalMs` on the app's clock (its multiples: :00, :15, :30 …), and
 * looks at the clock at least once a minute, so a clock moved by hand (tests) or a machine that slept is
 * seen soon. `tick` itself decides whether anything is due (it is also what runs at start), so a timer
 * firing early or twice does no harm. Errors go to `onError`; the timer keeps going.
 */
export const createClockTimer = (deps: {
  clock: Clock;
  intervalMs: number;
  tick: () => Promise<unknown>;
  onError?: (error: unknown) => void;
}) => {
  const { clock, intervalMs } = deps;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  const schedule = () => {
    if (stopped) return;
    const now = clock.now().getTime();
    const nextSlot = Math.floor(now / intervalMs) * intervalMs + intervalMs;
    timer = setTimeout(
      () => {
        deps
          .tick()
          .catch((error: unknown) => deps.onError?.(error))
          .finally(schedule);
      },
      Math.max(Math.min(nextSlot - now, MAX_WAIT_MS), 0),
    );
    timer.unref();
  };
  return {
    start() {
      stopped = false;
      schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
};
