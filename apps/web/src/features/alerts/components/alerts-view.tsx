import { ALERT_TABS, type AlertTab, type AlertView } from '@centric/contracts';
import { Badge, EmptyState, Group, Paper, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { ALERTS_PAGE_SIZE, type AlertAction, useAlerts, useChangeAlert } from '../api/alerts.ts';
import { AlertCard } from './alert-card.tsx';
import { EMPTY_VIEW, VIEW_LABELS, tabColor, tabLabel } from './alert-labels.ts';

/** As a user goes through them: what needs attention, what waits, what was put away. */
const VIEW_ORDER: readonly AlertView[] = ['active', 'snoozed', 'dismissed'];

type AlertsViewProps = {
  view: AlertView;
  tab: AlertTab;
  page: number;
  onChange: (change: { view?: AlertView; tab?: AlertTab; page?: number }) => void;
};

const ColorDot = ({ color }: { color: string }) => (
  <span
    aria-hidden="true"
    style={{
      display: 'inline-block',
      width: 8,
      height: 8,
      borderRadius: '50%',
      background: `var(--mantine-color-${color}-6)`,
    }}
  />
);

/**
 * The signed-in user's alerts: Active / Snoozed / Dismissed, a tab per category with its count and colour,
 * 10 a page, newest first; Dismiss and Snooze on active alerts, Activate on the others.
 */
export const AlertsView = ({ view, tab, page, onChange }: AlertsViewProps) => {
  const canWrite = usePermission('alerts', 'write');
  const query = useAlerts({ view, tab, page });
  const change = useChangeAlert();
  const [busyId, setBusyId] = useState<string | null>(null);

  const counts = query.data?.counts;
  const alerts = query.data?.alerts ?? [];
  const total = query.data?.total ?? 0;

  const run = async (action: AlertAction, rethrow: boolean) => {
    setBusyId(action.id);
    try {
      notifySuccess(await change.mutateAsync(action));
    } catch (error) {
      if (rethrow) throw error;
      notifyError(errorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  const body = () => {
    if (query.isPending) return <ListSkeleton label="Loading alerts..." rows={4} />;
    if (query.isError)
      return (
        <Paper withBorder radius="lg">
          <ErrorState
            message={errorMessage(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Paper>
      );
    if (alerts.length === 0) {
      const empty = EMPTY_VIEW[view];
      const title =
        tab === 'ALL' ? empty.title : `${empty.title.replace(/ alerts$/, '')} ${tabLabel(tab)} alerts`;
      return (
        <Paper withBorder radius="lg" bg="gray.0">
          <EmptyState py="xl" icon={<IconBellOff size={28} aria-hidden="true" />} withIndicatorBackground>
            <EmptyState.Title order={2}>{title}</EmptyState.Title>
            <EmptyState.Description>{empty.description}</EmptyState.Description>
          </EmptyState>
        </Paper>
      );
    }
    return (
      <Stack
        gap="sm"
        component="ul"
        aria-label={`${VIEW_LABELS[view]} alerts`}
        style={{ listStyle: 'none' }}
        p={0}
        m={0}
      >
        {alerts.map((alert) => (
          <li key={alert.id}>
            <AlertCard
              alert={alert}
              view={view}
              canWrite={canWrite}
              busy={busyId === alert.id}
              onDismiss={() => void run({ kind: 'dismiss', id: alert.id }, false)}
              onActivate={() => void run({ kind: 'activate', id: alert.id }, false)}
              onSnooze={(until) => run({ kind: 'snooze', id: alert.id, until }, true)}
            />
          </li>
        ))}
      </Stack>
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label="Alert view"
          value={view}
          onChange={(value) => onChange({ view: value as AlertView, page: 1 })}
          data={VIEW_ORDER.map((value) => ({ value, label: VIEW_LABELS[value] }))}
        />
        <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
          {query.data ? `${total} ${total === 1 ? 'alert' : 'alerts'}` : ''}
        </Text>
      </Group>
      <Tabs
        variant="pills"
        radius="xl"
        value={tab}
        keepMounted={false}
        onChange={(value) => value && onChange({ tab: value as AlertTab, page: 1 })}
      >
        <Tabs.List aria-label="Alert categories" style={{ flexWrap: 'wrap', gap: 6 }}>
          {ALERT_TABS.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              leftSection={value === 'ALL' ? undefined : <ColorDot color={tabColor(value)} />}
              rightSection={
                counts ? (
                  <Badge
                    size="sm"
                    // Neutral counts (the dot carries the category's colour): readable in every colour (axe).
                    variant={value === tab ? 'filled' : 'light'}
                    color={value === tab ? 'dark' : 'gray'}
                    c={value === tab ? undefined : 'dark.7'}
                    circle={counts[value] < 10}
                  >
                    {counts[value]}
                  </Badge>
                ) : undefined
              }
            >
              {tabLabel(value)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ALERT_TABS.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Stack gap="sm">
              {body()}
              <ListPager
                total={total}
                page={page}
                pageSize={ALERTS_PAGE_SIZE}
                noun="alerts"
                onChange={(next) => onChange({ page: next })}
              />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
};
