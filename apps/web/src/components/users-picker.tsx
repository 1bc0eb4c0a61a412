import type { TeamMember } from '@centric/contracts';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useUserSearch } from '../lib/lookups/user-search.ts';

type UsersPickerProps = {
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** The users already picked (their names are known without a search). */
  initialMembers: readonly Pick<TeamMember, 'id' | 'fullName' | 'email'>[];
  error?: string | undefined;
};

/** Search active users by name (debounced 500 ms, at most 10 suggestions) and pick several. */
export const UsersPicker = ({ label, value, onChange, initialMembers, error }: UsersPickerProps) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 500);
  const [known, setKnown] = useState<Record<string, string>>(() =>
    Object.fromEntries(initialMembers.map((m) => [m.id, m.fullName])),
  );
  const results = useUserSearch(debounced, { exceptUserIds: value });

  const suggestions = (results.data ?? []).map((u) => ({ value: u.id, label: `${u.fullName} (${u.email})` }));
  const selected = value.map((id) => ({ value: id, label: known[id] ?? id }));
  const data = [...selected, ...suggestions.filter((s) => !value.includes(s.value))];

  const handleChange = (ids: string[]) => {
    const names = Object.fromEntries(
      (results.data ?? []).filter((u) => ids.includes(u.id)).map((u) => [u.id, u.fullName]),
    );
    setKnown((current) => ({ ...current, ...names }));
    setSearch('');
    onChange(ids);
  };

  return (
    <MultiSelect
      label={label}
      error={error}
      placeholder={value.length === 0 ? 'Type a name to add members' : undefined}
      data={data}
      value={value}
      onChange={handleChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? 'Loading...' : results.isError ? 'Error' : 'No Data Found.'}
      clearable
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={260}
    />
  );
};
