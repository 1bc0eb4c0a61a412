import { Button, Checkbox, Group, Popover, Stack } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type FilterOption = { value: string; label: ReactNode; text: string };

type FilterPopoverProps = {
  label: string;
  options: readonly FilterOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
};

/** "All", "None", one or two names, or "3 of 6": what the filter button says about the selection. */
export const filterSummary = (options: readonly FilterOption[], value: readonly string[]) => {
  if (value.length === options.length) return 'All';
  if (value.length === 0) return 'None';
  const texts = options.filter((o) => value.includes(o.value)).map((o) => o.text);
  return texts.length <= 2 ? texts.join(', ') : `${texts.length} of ${options.length}`;
};

/** A multi-value filter: a button with the current selection that opens a list of checkboxes. */
export const FilterPopover = ({ label, options, value, onChange }: FilterPopoverProps) => {
  const narrowed = value.length !== options.length;
  // Kept in the options' order, whatever order the boxes were ticked in.
  const handleChange = (next: string[]) =>
    onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
  return (
    <Popover position="bottom-start" shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant={narrowed ? 'light' : 'default'}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
        >
          {label}: {filterSummary(options, value)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" miw={220}>
          <Checkbox.Group label={label} value={[...value]} onChange={handleChange}>
            <Stack gap={8} mt={6}>
              {options.map((option) => (
                <Checkbox
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  aria-label={option.text}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group gap="xs" justify="space-between">
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => onChange(options.map((o) => o.value))}
              disabled={!narrowed}
            >
              Select all
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              onClick={() => onChange([])}
              disabled={value.length === 0}
            >
              Clear
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
