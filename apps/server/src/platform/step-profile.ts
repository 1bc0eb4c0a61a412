/**
 * Opt-in timing of a bill run's steps by part, summed over every step of every runner (the bill run bench turns
 * it on and prints it; off, a part costs one property read). Part → milliseconds.
 */
export const billRunProfile = { on: false, parts: new Map<string, number>() };

/** Runs `work`, adding its time to `part` when profiling. */
export const timed = async <T>(part: string, work: () => Promise<T>): Promise<T> => {
  if (!billRunProfile.on) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    billRunProfile.parts.set(part, (billRunProfile.parts.get(part) ?? 0) + performance.now() - started);
  }
};
