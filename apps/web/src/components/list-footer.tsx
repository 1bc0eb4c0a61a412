import { Group, Pagination, Select, Text } from '@mantine/core';
import { LIST_PAGE_SIZES } from '../lib/use-url-list-state.ts';

export { LIST_PAGE_SIZES };

type ListFooterProps = {
  page: number;
  limit: number;
  total: number;
  /** The list's URL state: a page (pageNo), or rows per page (numberOfRecords, back to page 1). */
  onChange: (patch: { pageNo: string; numberOfRecords?: string }) => void;
};

/** "Showing 11–20 of 42", rows per page, and the pages; nothing while the list is empty. */
export const ListFooter = ({ page, limit, total, onChange }: ListFooterProps) => {
  if (total === 0) return null;
  const onPage = (next: number) => onChange({ pageNo: String(next) });
  const onLimit = (next: number) => onChange({ numberOfRecords: String(next), pageNo: '1' });
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
