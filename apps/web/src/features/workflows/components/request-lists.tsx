import {
  type ClientDetail,
  WORKFLOW_REQUEST_STATUS_LABELS,
  WORKFLOW_REQUEST_STATUSES,
  type WorkflowRequestStatus,
} from '@centric/contracts';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermission } from '../../../lib/permissions.ts';
import { paths } from '../../../lib/paths.ts';
import { RequestsTable } from './open-requests.tsx';

/** Opens a request on /open-requests (spec §2: requestId with redirect=true). */
const useOpenRequest = () => {
  const navigate = useNavigate();
  return (id: string, filterBy: WorkflowRequestStatus = 'IN_PROGRESS') =>
    void navigate(paths.openRequests.href({ filterBy, requestId: id, redirect: 'true' }));
};

/**
 * The dashboard's Open Requests list (issue 18 §2): the requests in progress in which the signed-in user has
 * an open step, what the sidebar badge counts.
 */
export const MyOpenRequests = () => {
  const [page, setPage] = useState(1);
  const open = useOpenRequest();
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Requests in progress with a step waiting on you.
        </Text>
        <Button
          component={Link}
          to={paths.openRequests.href({ filterBy: 'IN_PROGRESS' })}
          variant="subtle"
          size="xs"
        >
          All open requests
        </Button>
      </Group>
      <RequestsTable
        query={{ filterBy: 'IN_PROGRESS', mine: true, page }}
        onOpen={(id) => open(id)}
        onPage={setPage}
        empty={{
          title: 'Nothing waiting on you',
          description:
            'When a step of a request is assigned to you, the request shows here until your steps are done.',
        }}
      />
    </Stack>
  );
};

/** A household's requests (its page's Requests tab) by state, with Start request for openRequests write. */
export const HouseholdRequests = ({ detail }: { detail: ClientDetail }) => {
  const [filterBy, setFilterBy] = useState<WorkflowRequestStatus>('IN_PROGRESS');
  const [page, setPage] = useState(1);
  const canStart = usePermission('openRequests', 'write');
  const open = useOpenRequest();
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Request state"
          value={filterBy}
          onChange={(value) => {
            setFilterBy(value as WorkflowRequestStatus);
            setPage(1);
          }}
          data={WORKFLOW_REQUEST_STATUSES.map((status) => ({
            value: status,
            label: WORKFLOW_REQUEST_STATUS_LABELS[status],
          }))}
        />
        {canStart && (
          <Button
            component={Link}
            to={paths.createRequest.href({ clientId: detail.clientId })}
            leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
            size="sm"
          >
            Start request
          </Button>
        )}
      </Group>
      <RequestsTable
        query={{ filterBy, clientId: detail.clientId, page }}
        withHousehold={false}
        onOpen={(id) => open(id, filterBy)}
        onPage={setPage}
        empty={{
          title: `No ${WORKFLOW_REQUEST_STATUS_LABELS[filterBy].toLowerCase()} requests`,
          description:
            'Requests run the firm’s workflows for this household: onboarding, account opening, reviews.',
        }}
      />
    </Stack>
  );
};
