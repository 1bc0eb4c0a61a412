import { formatMoney, LEAD_STATUSES, LEAD_STATUS_LABELS } from '@centric/contracts';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { QueryState } from '../../../components/query-state.tsx';
import { useProspectStatistics } from '../api/list-prospects.ts';

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Paper withBorder p="sm" radius="md">
    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
      {label}
    </Text>
    <Text fw={700} size="xl">
      {value}
    </Text>
  </Paper>
);

/** The figures on top of /prospects: open prospects by lead status, new this month, converted this quarter, pipeline. */
export const ProspectStatistics = () => {
  const stats = useProspectStatistics();
  return (
    <QueryState
      query={stats}
      errorTitle="Could not load the prospect figures"
      loading={
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} aria-busy="true" aria-label="Loading prospect figures">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={68} radius="md" />
          ))}
        </SimpleGrid>
      }
    >
      {(s) => (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} component="section" aria-label="Prospect figures">
          {LEAD_STATUSES.map((status) => (
            <Figure key={status} label={LEAD_STATUS_LABELS[status]} value={String(s.byLeadStatus[status])} />
          ))}
          <Figure label="New this month" value={String(s.newThisMonth)} />
          <Figure label="Converted this quarter" value={String(s.convertedThisQuarter)} />
          <Figure label="Pipeline value" value={formatMoney(s.pipelineValue).replace(/\.\d\d$/, '')} />
        </SimpleGrid>
      )}
    </QueryState>
  );
};
