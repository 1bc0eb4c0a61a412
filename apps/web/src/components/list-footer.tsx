import { Group, Pagination, Select, Text } from '@mantine/core';
import { LIST_PAGE_SIZES } from '../lib/use-url-list-state.ts';

export { LIST_PAGE_SIZES };

type ListFooterProps = {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
};

/** "Showing 11–20 of 42", rows per page, and the pages. */
export const ListFooter = ({ page, limit, total, onPage, onLimit }: ListFooterProps) => {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Showing {first}–{last} of {total}
        </Text>
        <Select
          aria-label="Rows per page"
          size="xs"
          w={80}
          data={LIST_PAGE_SIZES.map(String)}
          value={String(limit)}
          onChange={(value) => value && onLimit(Number(value))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed">
          per page
        </Text>
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
};
