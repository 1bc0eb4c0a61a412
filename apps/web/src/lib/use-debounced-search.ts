import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** Spec §9: search is debounced 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * A list's search box whose text reaches the list (its URL) 500 ms after the last key press, trimmed.
 * `committed` is what the list searches now; when it changes on its own (the sidebar link, a reset) the box
 * shows it. Returns the box's text and its setter.
 */
export const useDebouncedSearch = (committed: string, commit: (text: string) => void) => {
  const [search, setSearch] = useState(committed);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    const text = debounced.trim();
    if (text !== committed) commit(text);
    // Only the debounced text drives the list; the list's own changes must not loop back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  useEffect(() => {
    if (committed !== debounced.trim()) setSearch(committed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [committed]);

  return [search, setSearch] as const;
};
