import {
  CLIENT_LIST_DEFAULTS,
  CLIENT_SORT_KEYS,
  CLIENT_SORT_LABELS,
  type ClientSortKey,
} from '@centric/contracts';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowsSort, IconPlus, IconX } from '@tabler/icons-react';
import type { SortOrder } from '../../api/list-clients.ts';
import { MAX_SORT_KEYS } from './use-client-list-params.ts';

type SortEditorProps = {
  sortBy: readonly ClientSortKey[];
  order: readonly SortOrder[];
  onChange: (sortBy: ClientSortKey[], order: SortOrder[]) => void;
};

const ORDER_LABELS: Readonly<Record<SortOrder, string>> = { ASC: 'Ascending', DESC: 'Descending' };

/** "Next follow-up ↑, Household ↑, Created ↓". */
export const sortSummary = (sortBy: readonly ClientSortKey[], order: readonly SortOrder[]) =>
  sortBy.map((key, i) => `${CLIENT_SORT_LABELS[key]} ${order[i] === 'DESC' ? '↓' : '↑'}`).join(', ');

const isDefaultSort = (sortBy: readonly ClientSortKey[], order: readonly SortOrder[]) =>
  sortBy.join(',') === CLIENT_LIST_DEFAULTS.sortBy.join(',') &&
  order.join(',') === CLIENT_LIST_DEFAULTS.order.join(',');

/** Up to three sort keys, each ascending or descending; the first key sorts first. */
export const SortEditor = ({ sortBy, order, onChange }: SortEditorProps) => {
  const setKey = (index: number, key: ClientSortKey) =>
    onChange(
      sortBy.map((k, i) => (i === index ? key : k)),
      [...order],
    );
  const setOrder = (index: number, value: SortOrder) =>
    onChange(
      [...sortBy],
      order.map((o, i) => (i === index ? value : o)),
    );
  const remove = (index: number) =>
    onChange(
      sortBy.filter((_, i) => i !== index),
      order.filter((_, i) => i !== index),
    );
  const add = () => {
    const next = CLIENT_SORT_KEYS.find((key) => !sortBy.includes(key));
    if (next) onChange([...sortBy, next], [...order, 'ASC']);
  };

  return (
    <Popover position="bottom-start" shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant={isDefaultSort(sortBy, order) ? 'default' : 'light'}
          leftSection={<IconArrowsSort size={16} aria-hidden="true" />}
          aria-label={`Sort: ${sortBy
            .map((key, i) => `${CLIENT_SORT_LABELS[key]} ${ORDER_LABELS[order[i] ?? 'ASC'].toLowerCase()}`)
            .join(', then ')}`}
        >
          Sort: {sortSummary(sortBy.slice(0, 1), order)}
          {sortBy.length > 1 && (
            <>
              {/* The other keys from 1408 px; under it "+2" (the full order is the button's name). */}
              <Box component="span" visibleFrom="xl">
                , {sortSummary(sortBy.slice(1), order.slice(1))}
              </Box>
              <Box component="span" hiddenFrom="xl" ml={6} c="dimmed">
                +{sortBy.length - 1}
              </Box>
            </>
          )}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" miw={360}>
          <Text fw={600} size="sm">
            Sort households by
          </Text>
          {sortBy.map((key, index) => (
            <Group key={`${index}-${key}`} gap="xs" wrap="nowrap" align="center">
              <Text size="xs" c="dimmed" w={40}>
                {index === 0 ? 'First' : 'Then'}
              </Text>
              <Select
                aria-label={`Sort key ${index + 1}`}
                size="xs"
                w={150}
                data={CLIENT_SORT_KEYS.filter((k) => k === key || !sortBy.includes(k)).map((k) => ({
                  value: k,
                  label: CLIENT_SORT_LABELS[k],
                }))}
                value={key}
                onChange={(value) => value && setKey(index, value as ClientSortKey)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
              />
              <SegmentedControl
                aria-label={`Order of sort key ${index + 1}`}
                size="xs"
                value={order[index] ?? 'ASC'}
                onChange={(value) => setOrder(index, value as SortOrder)}
                data={[
                  { value: 'ASC', label: 'Asc' },
                  { value: 'DESC', label: 'Desc' },
                ]}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove sort key ${index + 1}`}
                onClick={() => remove(index)}
                disabled={sortBy.length === 1}
              >
                <IconX size={14} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between" gap="xs">
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              onClick={add}
              disabled={sortBy.length >= MAX_SORT_KEYS}
            >
              Add sort key
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              onClick={() => onChange([...CLIENT_LIST_DEFAULTS.sortBy], [...CLIENT_LIST_DEFAULTS.order])}
              disabled={isDefaultSort(sortBy, order)}
            >
              Default order
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
