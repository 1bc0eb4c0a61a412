import { Paper, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { canRead } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { DASHBOARD_UPDATE_LISTS, type UpdateListProps } from './dashboard-update-lists.ts';

/** The Updates tab: its lists (`?subTab=`, the first by default) for the period chosen above. */
export const UpdatesPanel = ({ duration }: UpdateListProps) => {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const lists = DASHBOARD_UPDATE_LISTS.filter((list) => user && canRead(user, list.feature));
  if (lists.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          Your role may not read notes, tasks, requests or clients, so there are no updates to show.
        </Text>
      </Paper>
    );
  }
  const current = lists.find((list) => list.id === params.get('subTab')) ?? lists[0]!;
  return (
    <Tabs
      variant="pills"
      radius="xl"
      value={current.id}
      keepMounted={false}
      onChange={(value) =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.set('subTab', value ?? lists[0]!.id);
            return next;
          },
          { replace: true },
        )
      }
    >
      <Tabs.List mb="md" aria-label="Updates">
        {lists.map((list) => (
          <Tabs.Tab key={list.id} value={list.id}>
            {list.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {lists.map(({ id, Panel }) => (
        <Tabs.Panel key={id} value={id}>
          <Panel duration={duration} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
