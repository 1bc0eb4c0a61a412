import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { type HouseholdOption, useHouseholdSearch } from '../../../lib/lookups/household-search.ts';

/** Spec §9: searches are debounced 500 ms. */
export const HOUSEHOLD_SEARCH_DEBOUNCE_MS = 500;

type HouseholdsPickerProps = {
  value: HouseholdOption[];
  onChange: (value: HouseholdOption[]) => void;
};

/** Linked households: a multi-select whose options come from the search service (lib/lookups). */
export const HouseholdsPicker = ({ value, onChange }: HouseholdsPickerProps) => {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), HOUSEHOLD_SEARCH_DEBOUNCE_MS);
  const results = useHouseholdSearch(debounced, opened);

  // The chosen households stay in the options, so that their pills keep their names.
  const known = new Map<string, string>();
  for (const h of value) known.set(h.clientId, h.name);
  for (const h of results.data ?? []) known.set(h.clientId, h.name);
  const data = [...known].map(([clientId, name]) => ({ value: clientId, label: name }));

  const handleChange = (ids: string[]) =>
    onChange(ids.map((clientId) => ({ clientId, name: known.get(clientId) ?? clientId })));

  const nothingFound = results.isError
    ? errorMessage(results.error)
    : debounced === ''
      ? 'Type a name, email or phone to search'
      : results.isFetching
        ? 'Searching...'
        : 'No households found';

  return (
    <MultiSelect
      label="Linked households"
      description="Households this professional works with"
      placeholder={value.length === 0 ? 'Search households by name' : undefined}
      data={data}
      value={value.map((h) => h.clientId)}
      onChange={handleChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text (names with typos, emails, phones): show what it found.
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={nothingFound}
      clearable
      maxDropdownHeight={240}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
