import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { type Ref, useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { SEARCH_DEBOUNCE_MS } from '../lib/use-debounced-search.ts';

export type RemoteSelectProps<T extends { id: string }> = {
  label: string;
  value: T | null;
  onChange: (picked: T | null) => void;
  error?: string | undefined;
  withAsterisk?: boolean;
  /** Records already chosen elsewhere in the form (another row): not offered again. */
  exclude?: readonly string[];
};

type RemoteSelectOwnProps<T extends { id: string }> = RemoteSelectProps<T> & {
  placeholder: string;
  /** What the box and the list show of a record. */
  labelOf: (record: T) => string;
  /** The server's search for a text (debounced, trimmed; '' for the first records), enabled while open. */
  useOptions: (search: string, enabled: boolean) => UseQueryResult<readonly T[]>;
  selectRef?: Ref<HTMLInputElement> | undefined;
};

/**
 * One record searched on the server (debounced 500 ms) as the user types; the first records show as soon
 * as it opens. The chosen record is kept beside the results, so its label stays whatever the search finds.
 */
export const RemoteSelect = <T extends { id: string }>({
  label,
  value,
  onChange,
  error,
  withAsterisk,
  exclude = [],
  placeholder,
  labelOf,
  useOptions,
  selectRef,
}: RemoteSelectOwnProps<T>) => {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The chosen record's label sits in the box: searching for it would hide the others.
  const term = value && debounced === labelOf(value) ? '' : debounced.trim();
  const results = useOptions(term, opened);

  const known = new Map<string, T>();
  if (value) known.set(value.id, value);
  for (const record of results.data ?? []) {
    if (!exclude.includes(record.id) || record.id === value?.id) known.set(record.id, record);
  }

  return (
    <Select
      ref={selectRef}
      label={label}
      withAsterisk={withAsterisk}
      placeholder={placeholder}
      searchable
      clearable
      data={[...known.values()].map((record) => ({ value: record.id, label: labelOf(record) }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (known.get(id) ?? null) : null)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text: show what it found.
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={
        results.isError ? errorMessage(results.error) : results.isFetching ? 'Loading...' : 'No Data Found.'
      }
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
