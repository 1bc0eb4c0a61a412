import type { DashboardDuration } from '@centric/contracts';
import { Stack } from '@mantine/core';
import { MeetingList } from '../../../features/meetings/components/meeting-list.tsx';
import { TaskList } from '../../../features/tasks/components/task-list.tsx';

/** The Tasks sub-tab: the user's tasks of the period (and overdue ones), then the meetings needing attention. */
export const TasksUpdateList = ({ duration }: { duration: DashboardDuration }) => (
  <Stack gap="xl">
    <TaskList duration={duration} />
    <MeetingList />
  </Stack>
);
