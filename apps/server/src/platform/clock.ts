/**
 * Where the app learns the time: sessions and their idle timeout, TOTP steps, token lifetimes and
 * throttle windows all ask the clock the app was built with, never `Date.now()` directly, so that tests
 * move time instead of waiting for it.
 */
export type Clock = { now: () => Date };

/** The real time; what `buildApp` uses unless it is given another clock. */
export const systemClock: Clock = { now: () => new Date() };
