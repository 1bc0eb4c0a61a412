/**
 * A small deterministic generator of numbers in [0, 1), so every demo database tells the same story (a linear
 * congruential generator: the same seed, the same sequence).
 */
export const seededRandom = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
