import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type SearchBoxProps = {
  /** The accessible name: 'Search fee schedules'. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  /** Pixels, or a CSS width (`100%` in a narrow panel). */
  width?: number | string;
  maxLength?: number;
};

/** A list's search field with a clear button (the list debounces what is typed). */
export const SearchBox = ({
  label,
  placeholder,
  value,
  onChange,
  width = 280,
  maxLength = 100,
}: SearchBoxProps) => (
  <TextInput
    aria-label={label}
    placeholder={placeholder}
    leftSection={<IconSearch size={16} aria-hidden="true" />}
    rightSection={
      value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null
    }
    value={value}
    onChange={(event) => onChange(event.currentTarget.value)}
    w={width}
    maxLength={maxLength}
  />
);
