import type { ClientDetail } from '@centric/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { useHouseholdProspectActivities } from '../api/convert-prospect.ts';
import { ActivityTimeline } from './prospect-activities.tsx';

/**
 * The household's activities from its prospect days (issue 17 §2): the calls, meetings and emails of the
 * prospects that became (or went into) this household, newest first, each saying which prospect it was.
 */
export const HouseholdProspectActivities = ({ detail }: { detail: ClientDetail }) => {
  const headingId = useId();
  const activities = useHouseholdProspectActivities(detail.clientId);
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Stack gap={2}>
        <Title order={2} size="h4" id={headingId}>
          Activities
        </Title>
        <Text size="sm" c="dimmed">
          Logged while the household was a prospect.
        </Text>
      </Stack>
      <QueryState
        query={activities}
        loading="Loading activities..."
        errorTitle="Could not load the activities"
      >
        {(list) => <ActivityTimeline activities={list} />}
      </QueryState>
    </Stack>
  );
};
