import type { DashboardDuration, SpecialDay } from '@centric/contracts';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCake, IconConfetti } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list-pager.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { SPECIAL_DAYS_PAGE_SIZE, useSpecialDays } from '../api/list-special-days.ts';

export type SpecialDayGroup = { day: string; items: SpecialDay[] };

/** The special days by the day they fall on, in the order the server answers (by day). */
export const groupByDay = (items: readonly SpecialDay[]): SpecialDayGroup[] => {
  const groups: SpecialDayGroup[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.day === item.occursOn) last.items.push(item);
    else groups.push({ day: item.occursOn, items: [item] });
  }
  return groups;
};

/**
 * What the day marks in years: a birthday's age label (spec §9: "Turning 60", "Turned 60"), an
 * anniversary's "25 years"; null when there is nothing to count.
 */
export const yearsLabel = (item: SpecialDay): string | null => {
  if (item.ageLabel) return item.ageLabel;
  if (item.dateType === 'Birthday' || item.years <= 0) return null;
  return `${item.years} ${item.years === 1 ? 'year' : 'years'}`;
};

const SpecialDayRow = ({ item }: { item: SpecialDay }) => {
  const label = yearsLabel(item);
  const Icon = item.dateType === 'Birthday' ? IconCake : IconConfetti;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" py={6}>
      <Group gap="sm" wrap="nowrap">
        <Icon size={18} aria-hidden="true" />
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {item.member.fullName}
            <Text span c="dimmed" size="sm">
              {' '}
              · {item.dateType}
              {item.description ? `: ${item.description}` : ''}
            </Text>
          </Text>
          <Anchor component={Link} to={paths.clientDetail.href(item.household.id)} size="xs">
            {item.household.name}
          </Anchor>
        </Stack>
      </Group>
      {label && (
        <Badge variant="light" color="brand" tt="none">
          {label}
        </Badge>
      )}
    </Group>
  );
};

/**
 * The dashboard's Special Days: the birthdays, anniversaries and special dates of the period, by the day they
 * fall on (today's marked), each with its member, household and age or years; 10 a page.
 */
export const SpecialDaysList = ({ duration }: { duration: DashboardDuration }) => {
  const today = useFirmToday();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [shownDuration, setShownDuration] = useState(duration);
  // Another period starts again on its first page.
  if (shownDuration !== duration) {
    setShownDuration(duration);
    setPage(1);
  }
  const query = useSpecialDays({ duration, page });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Special Days
      </Title>
      <ListPanel
        query={query}
        loadingLabel={<ListSkeleton label="Loading special days..." />}
        isEmpty={items.length === 0}
        empty={{
          icon: <IconCake size={28} aria-hidden="true" />,
          title: 'No special days in this period',
          description:
            'Birthdays, anniversaries and special dates of your households show here. Add them on a household’s page, or choose a longer period above.',
        }}
      >
        <Stack gap={0} p="md">
          {groupByDay(items).map((group) => {
            const isToday = group.day === today;
            return (
              <Paper
                key={group.day}
                component="section"
                aria-label={`${formatDate(group.day)}${isToday ? ', today' : ''}`}
                p="sm"
                mb="xs"
                radius="md"
                withBorder={isToday}
                bg={isToday ? 'var(--mantine-color-brand-light)' : undefined}
              >
                <Group gap="xs" mb={4}>
                  <Text size="sm" fw={700}>
                    {formatDate(group.day)}
                  </Text>
                  {isToday && (
                    <Badge size="sm" color="brand">
                      Today
                    </Badge>
                  )}
                </Group>
                {group.items.map((item) => (
                  <SpecialDayRow key={item.key} item={item} />
                ))}
              </Paper>
            );
          })}
        </Stack>
        <ListPager
          total={total}
          page={page}
          pageSize={SPECIAL_DAYS_PAGE_SIZE}
          noun="special days"
          onChange={setPage}
        />
      </ListPanel>
    </Stack>
  );
};
