/**
 * Opt-in timing of a long job's steps by part (a bill run's, a carrier statement import's), summed over every
 * step of every runner: a benchmark turns it on and prints it; off, a part costs one property read.
 * Part → milliseconds.
 */
export const stepProfile = { on: false, parts: new Map<string, number>() };

/** Runs `work`, adding its time to `part` when profiling. */
export const timed = async <T>(part: string, work: () => Promise<T>): Promise<T> => {
  if (!stepProfile.on) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    stepProfile.parts.set(part, (stepProfile.parts.get(part) ?? 0) + performance.now() - started);
  }
};

/** The parts timed so far, the longest first, as lines to print ("  part  12.3 s"). */
export const profileLines = () =>
  [...stepProfile.parts]
    .sort((a, b) => b[1] - a[1])
    .map(([part, ms]) => `  ${part.padEnd(28)} ${(ms / 1000).toFixed(1).padStart(7)} s`);
