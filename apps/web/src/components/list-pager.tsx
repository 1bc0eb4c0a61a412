import { Group, Pagination, Text } from '@mantine/core';

type ListPagerProps = {
  total: number;
  page: number;
  pageSize: number;
  /** What the list holds, plural: 'tasks'. */
  noun: string;
  onChange: (page: number) => void;
};

/** A panel list's count and pages ("12 tasks", 1 2 …), shown only when there is more than one page. */
export const ListPager = ({ total, page, pageSize, noun, onChange }: ListPagerProps) => {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" p="sm">
      <Text size="sm" c="dimmed">
        {total} {noun}
      </Text>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control} page of ${noun}` })}
      />
    </Group>
  );
};
