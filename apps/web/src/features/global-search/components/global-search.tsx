import { CLIENT_API_MESSAGES, GLOBAL_SEARCH_DEBOUNCE_MS } from '@centric/contracts';
import { CloseButton, Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingBank, IconHome, IconReceipt2, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { useGlobalSearch } from '../api/global-search.ts';
import { type SearchResultType, groupResults } from './result-path.ts';

/** The search text's limit (contracts globalSearchBodySchema). */
export const GLOBAL_SEARCH_MAX_LENGTH = 100;

const TYPE_ICONS: Readonly<Record<SearchResultType, typeof IconHome>> = {
  client: IconHome,
  unit: IconBuildingBank,
  account: IconReceipt2,
};

type GlobalSearchProps = {
  /** Households are searched only with clients read; without it the box is kept short and plain. */
  canSearchClients: boolean;
};

/**
 * The top bar's search (spec Top bar, §5 "Search starts at 1 character, debounced 500 ms"): a combobox whose
 * dropdown lists the results by type. Arrow keys move through them, Enter opens one (the first when none
 * is highlighted), Escape closes the list.
 */
export const GlobalSearch = ({ canSearchClients }: GlobalSearchProps) => {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), GLOBAL_SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const search = useGlobalSearch(debounced);

  const trimmed = text.trim();
  const settled = trimmed === debounced && !search.isFetching;
  const loading = trimmed.length > 0 && !settled;
  // Results of an older text stay on screen while the new ones load, not after.
  const groups = search.data && trimmed.length > 0 ? groupResults(search.data) : [];
  const paths = new Map(groups.flatMap((g) => g.entries.map((e) => [e.key, e.path] as const)));

  const open = (path: string) => {
    setText('');
    combobox.closeDropdown();
    void navigate(path);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter with nothing highlighted opens the first result (the combobox handles a highlighted one).
    if (event.key !== 'Enter' || combobox.getSelectedOptionIndex() !== -1 || !settled) return;
    const first = groups[0]?.entries[0];
    if (first && combobox.dropdownOpened) {
      event.preventDefault();
      open(first.path);
    }
  };

  const status =
    trimmed.length === 0
      ? null
      : search.isError && settled
        ? errorMessage(search.error)
        : settled && groups.length === 0
          ? CLIENT_API_MESSAGES.searchEmpty
          : loading && groups.length === 0
            ? 'Searching...'
            : null;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(key) => {
        const path = paths.get(key);
        if (path) open(path);
      }}
      position="bottom-start"
      width="target"
      shadow="md"
      offset={6}
      zIndex={300}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          aria-label="Global search"
          placeholder={canSearchClients ? 'Search clients, units, accounts' : 'Search'}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            loading ? (
              <Loader size={16} aria-hidden="true" />
            ) : text ? (
              <CloseButton
                size="sm"
                aria-label="Clear search"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setText('');
                  combobox.closeDropdown();
                }}
              />
            ) : null
          }
          radius="xl"
          value={text}
          maxLength={GLOBAL_SEARCH_MAX_LENGTH}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            combobox.resetSelectedOption();
            if (next.trim()) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onFocus={() => text.trim() && combobox.openDropdown()}
          onClick={() => text.trim() && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={handleKeyDown}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={trimmed.length === 0}>
        <Combobox.Options aria-label="Search results" mah={420} style={{ overflowY: 'auto' }}>
          {groups.map((group) => {
            const Icon = TYPE_ICONS[group.type];
            return (
              <Combobox.Group key={group.type} label={group.label}>
                {group.entries.map(({ key, result }) => (
                  <Combobox.Option key={key} value={key}>
                    <Group gap="sm" wrap="nowrap">
                      <Icon size={18} color="var(--mantine-color-navy-5)" aria-hidden="true" />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500} truncate>
                          {result.title}
                        </Text>
                        {result.subtitle && (
                          <Text size="xs" c="dimmed" truncate>
                            {result.subtitle}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            );
          })}
        </Combobox.Options>
        {status && (
          <Text
            size="sm"
            c={search.isError && settled ? 'red.9' : 'dimmed'}
            p="sm"
            ta="center"
            role={search.isError && settled ? 'alert' : 'status'}
          >
            {status}
          </Text>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
};
