/** The text with LIKE's wildcards (`%`, `_`) and escape character (`\`) escaped, to match as typed. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern that finds the text anywhere (`%text%`), wildcards in it taken literally. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;
