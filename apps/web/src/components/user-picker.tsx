import { GLOBAL_SEARCH_DEBOUNCE_MS } from '@centric/contracts';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { AuthenticatedAvatar } from './authenticated-avatar.tsx';
import { useUserSearch } from '../lib/lookups/user-search.ts';

export type PickedUser = { id: string; fullName: string; profileImageUrl: string | null; email?: string };

type UserPickerProps = {
  label: string;
  value: PickedUser | null;
  onChange: (user: PickedUser | null) => void;
  error?: string | undefined;
  /** In a list's toolbar: the label names the field for screen readers only, the placeholder says it. */
  labelHidden?: boolean;
  placeholder?: string;
  /** The field's width (a toolbar's filter). */
  w?: number | string;
};

/** A searchable user select backed by GET /api/users/search (names as typed, debounced 500 ms). */
export const UserPicker = ({
  label,
  value,
  onChange,
  error,
  labelHidden = false,
  placeholder = 'Search by name',
  w,
}: UserPickerProps) => {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search, GLOBAL_SEARCH_DEBOUNCE_MS);
  // Opening a filled picker shows the selected name in the box: list everybody then, not just that name.
  const term = value && debounced === value.fullName ? '' : debounced.trim();
  const results = useUserSearch(term, { enabled: opened });

  const found = (results.data ?? []).filter((user) => user.id !== value?.id);
  const options: PickedUser[] = [...(value ? [value] : []), ...found];
  const byId = new Map(options.map((user) => [user.id, user]));

  return (
    <Select
      {...(labelHidden ? { 'aria-label': label } : { label })}
      placeholder={placeholder}
      {...(w !== undefined ? { w } : {})}
      searchable
      clearable
      data={options.map((user) => ({ value: user.id, label: user.fullName }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={results.isFetching ? 'Loading...' : 'No Data Available'}
      error={error}
      comboboxProps={{ withinPortal: true }}
      leftSection={
        value ? (
          <AuthenticatedAvatar
            imagePath={value.profileImageUrl}
            name={value.fullName}
            size={22}
            radius="xl"
          />
        ) : undefined
      }
      renderOption={({ option }) => {
        const user = byId.get(option.value);
        if (!user) return option.label;
        return (
          <Group gap="sm" wrap="nowrap">
            <AuthenticatedAvatar
              imagePath={user.profileImageUrl}
              name={user.fullName}
              size={28}
              radius="xl"
            />
            <Stack gap={0}>
              <Text size="sm">{user.fullName}</Text>
              {user.email && (
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
              )}
            </Stack>
          </Group>
        );
      }}
    />
  );
};
