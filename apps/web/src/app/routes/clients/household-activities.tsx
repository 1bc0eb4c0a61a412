import type { ClientDetail } from '@centric/contracts';
import { Stack } from '@mantine/core';
import { MeetingList } from '../../../features/meetings/components/meeting-list.tsx';
import { TaskList } from '../../../features/tasks/components/task-list.tsx';

/** The household's Tasks & Meetings tab: its tasks, then its meetings; new ones go on the household. */
export const HouseholdActivities = ({ detail }: { detail: ClientDetail }) => {
  const household = { clientId: detail.clientId, name: detail.name };
  return (
    <Stack gap="xl">
      <TaskList household={household} />
      <MeetingList household={household} />
    </Stack>
  );
};
