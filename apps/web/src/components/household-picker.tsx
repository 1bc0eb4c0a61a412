import { GLOBAL_SEARCH_DEBOUNCE_MS } from '@centric/contracts';
import { Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { type HouseholdOption, useHouseholdSearch } from '../lib/lookups/household-search.ts';

type HouseholdPickerProps = {
  label?: string;
  value: HouseholdOption | null;
  onChange: (household: HouseholdOption | null) => void;
  error?: string | undefined;
  description?: string;
  /** A required field's asterisk. */
  withAsterisk?: boolean;
  /** In a list's toolbar: the label names the field for screen readers only, the placeholder says it. */
  labelHidden?: boolean;
  placeholder?: string | undefined;
  /** The field's width (a toolbar's filter). */
  w?: number | string;
};

/**
 * One household, searched through the search service (lib/lookups, debounced 500 ms): what a task or a
 * meeting hangs on when it is created outside the household's page. Clearable: no household at all.
 */
export const HouseholdPicker = ({
  label = 'Household',
  value,
  onChange,
  error,
  description,
  withAsterisk = false,
  labelHidden = false,
  placeholder = 'Search households by name',
  w,
}: HouseholdPickerProps) => {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search, GLOBAL_SEARCH_DEBOUNCE_MS);
  // The chosen name sits in the box: searching for it again would hide the others.
  const term = value && debounced === value.name ? '' : debounced.trim();
  const results = useHouseholdSearch(term, opened);

  const known = new Map<string, string>();
  if (value) known.set(value.clientId, value.name);
  for (const h of results.data ?? []) known.set(h.clientId, h.name);

  const nothingFound = results.isError
    ? errorMessage(results.error)
    : term === ''
      ? 'Type a name, email or phone to search'
      : results.isFetching
        ? 'Loading...'
        : 'No Data Found.';

  return (
    <Select
      {...(labelHidden ? { 'aria-label': label } : { label })}
      {...(w !== undefined ? { w } : {})}
      withAsterisk={withAsterisk}
      description={description}
      placeholder={placeholder}
      searchable
      clearable
      data={[...known].map(([clientId, name]) => ({ value: clientId, label: name }))}
      value={value?.clientId ?? null}
      onChange={(id) => onChange(id ? { clientId: id, name: known.get(id) ?? id } : null)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text (names with typos, emails, phones): show what it found.
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={nothingFound}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
};

type HouseholdFieldProps = HouseholdPickerProps & {
  /** The household the form belongs to (its own page): shown, not picked. */
  fixed?: HouseholdOption | undefined;
};

/** A form's household: the page's own one as text, or the picker. */
export const HouseholdField = ({ fixed, ...picker }: HouseholdFieldProps) =>
  fixed ? (
    <Text size="sm">
      <Text span fw={500}>
        {picker.label ?? 'Household'}:
      </Text>{' '}
      {fixed.name}
    </Text>
  ) : (
    <HouseholdPicker {...picker} />
  );
