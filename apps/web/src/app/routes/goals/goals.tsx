import { Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useGoals } from '../../../features/growth/api/get-goals.ts';
import { usePartnership } from '../../../features/growth/api/get-partnership.ts';
import { useGrowthSettings } from '../../../features/growth/api/growth-settings.ts';
import { GoalsTable } from '../../../features/growth/components/goals-table.tsx';
import { GrowthSettingsForm } from '../../../features/growth/components/growth-settings-form.tsx';
import { PartnershipTable } from '../../../features/growth/components/partnership-table.tsx';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { isAdministrator } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';

const TABS = [
  { id: 'goals', label: 'Annual goals' },
  { id: 'partnership', label: 'Pathway to partnership' },
  { id: 'settings', label: 'Growth settings' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Goals are set for this year and the next; last year's are shown as they were. */
const GoalsPanel = ({ year, thisYear }: { year: number; thisYear: number }) => {
  const goals = useGoals(year);
  return (
    <QueryState query={goals} loading="Loading the goals..." errorTitle="Could not load the goals">
      {(list) => (
        <GoalsTable users={list.users} canEdit={list.canEdit && list.year >= thisYear} year={list.year} />
      )}
    </QueryState>
  );
};

const PartnershipPanel = () => {
  const partnership = usePartnership();
  return (
    <QueryState query={partnership} loading="Loading the pathway..." errorTitle="Could not load the pathway">
      {(data) => <PartnershipTable partnership={data} />}
    </QueryState>
  );
};

const SettingsPanel = () => {
  const settings = useGrowthSettings();
  const canEdit = isAdministrator(useCurrentUser());
  return (
    <QueryState query={settings} loading="Loading the settings..." errorTitle="Could not load the settings">
      {(saved) => <GrowthSettingsForm saved={saved} canEdit={canEdit} />}
    </QueryState>
  );
};

/**
 * `/goals?tab=goals&year=2026` (issue 17 §3; spec §7 annual goals, prospect targets, partnership): each user's
 * annual goals and prospect targets with their progress (administrators set them), the pathway to
 * partnership, and the firm's growth settings. The tab and the year live in the URL.
 */
export const GoalsScreen = () => {
  const [params, setParams] = useSearchParams();
  const thisYear = Number(useFirmToday().slice(0, 4));
  const tab: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'goals';
  const asked = Number(params.get('year'));
  const year = asked === thisYear + 1 || asked === thisYear - 1 ? asked : thisYear;
  const update = (changes: Record<string, string>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Goals
        </Title>
        <Text c="dimmed" size="sm">
          Annual goals and prospect targets for each person, where each advisor stands on the pathway to
          partnership, and how the firm weighs its pipeline.
        </Text>
      </Stack>
      <Tabs value={tab} onChange={(value) => value && update({ tab: value })} keepMounted={false}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="lg">
          <Tabs.List aria-label="Goals sections">
            {TABS.map((t) => (
              <Tabs.Tab key={t.id} value={t.id}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tab === 'goals' && (
            <SegmentedControl
              size="sm"
              aria-label="Year"
              value={String(year)}
              onChange={(value) => update({ year: value })}
              data={[thisYear - 1, thisYear, thisYear + 1].map((y) => ({
                value: String(y),
                label: String(y),
              }))}
            />
          )}
        </Group>
        <Tabs.Panel value="goals">
          <GoalsPanel year={year} thisYear={thisYear} />
        </Tabs.Panel>
        <Tabs.Panel value="partnership">
          <PartnershipPanel />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
