/**
 * Typo tolerance as users know it from Meilisearch and Typesense: a word typed with 5 letters or more may
 * have one typo, with 9 or more two; a shorter word must be typed right. A typo is a letter missing, extra
 * or wrong, or two neighbouring letters swapped.
 */
export const typoBudget = (word: string): number => {
  const letters = [...word].length;
  if (letters >= 9) return 2;
  return letters >= 5 ? 1 : 0;
};

/**
 * How many typos apart two words are: the optimal string alignment distance (Levenshtein's insertions,
 * deletions and substitutions, plus a swap of two neighbouring letters as one edit), on code points.
 * Counting stops above `max`: any larger distance is answered as `max + 1`.
 */
export const typoDistance = (a: string, b: string, max = Number.POSITIVE_INFINITY): number => {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  // Three rows of the edit matrix: two rows back (for swaps), the previous row and the current one.
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      }
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  const distance = previous[t.length] ?? 0;
  return distance > max ? max + 1 : distance;
};
