import {
  WORKFLOW_REQUEST_STATUS_LABELS,
  WORKFLOW_REQUEST_STATUSES,
  type WorkflowRequest,
  type WorkflowRequestStatus,
} from '@centric/contracts';
import {
  Anchor,
  Avatar,
  Group,
  Select,
  Switch,
  Table,
  Tabs,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HouseholdPicker } from '../../../components/household-picker.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { type PickedUser, UserPicker } from '../../../components/user-picker.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, initialsOf } from '../../../lib/format.ts';
import { useMasterOptions } from '../../../lib/lookups/master-options.ts';
import { paths } from '../../../lib/paths.ts';
import {
  REQUESTS_PAGE_SIZE,
  useRequestHousehold,
  useWorkflowRequests,
  type WorkflowRequestsQuery,
} from '../api/workflow-requests.ts';
import { RequestDrawer } from './request-drawer.tsx';
import { OverdueCount, RequestProgress, RequestStatusBadge } from './request-labels.tsx';

const isStatus = (value: string | null): value is WorkflowRequestStatus =>
  (WORKFLOW_REQUEST_STATUSES as readonly string[]).includes(value ?? '');

type RequestsTableProps = {
  query: WorkflowRequestsQuery;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
  /** The household column is left out on a household's own page. */
  withHousehold?: boolean;
  empty: { title: string; description: string; onReset?: (() => void) | undefined };
  add?: { label: string; onClick: () => void } | undefined;
};

/** A page of requests: name and type, household, progress, overdue, next due or finish, open assignees. */
export const RequestsTable = ({
  query,
  onOpen,
  onPage,
  withHousehold = true,
  empty,
  add,
}: RequestsTableProps) => {
  const requests = useWorkflowRequests(query);
  const items = requests.data?.items ?? [];
  const finished = query.filterBy !== 'IN_PROGRESS';
  return (
    <ListPanel
      query={requests}
      loadingLabel={<ListSkeleton label="Loading requests..." />}
      isEmpty={items.length === 0}
      empty={{ icon: <IconChecklist size={28} aria-hidden="true" />, ...empty, add }}
    >
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Requests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Request</Table.Th>
              {withHousehold && <Table.Th>Household</Table.Th>}
              <Table.Th w={200}>Progress</Table.Th>
              <Table.Th>{finished ? 'Finished' : 'Next due'}</Table.Th>
              <Table.Th>{finished ? 'By' : 'Waiting on'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onOpen(item.id)}
                    aria-label={`Open ${item.name} for ${item.household.name}`}
                  >
                    <Text size="sm" fw={600} c="blue.8">
                      {item.name}
                    </Text>
                  </UnstyledButton>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {item.workflowType.name} · started {formatDate(item.startDate)}
                    </Text>
                    {finished && <RequestStatusBadge status={item.status} />}
                  </Group>
                </Table.Td>
                {withHousehold && (
                  <Table.Td>
                    <Anchor component={Link} to={paths.clientDetail.href(item.household.id)} size="sm">
                      {item.household.name}
                    </Anchor>
                  </Table.Td>
                )}
                <Table.Td>
                  <RequestProgress request={item} />
                </Table.Td>
                <Table.Td>
                  {finished ? (
                    <Text size="sm">{item.finishedAt ? formatDate(item.finishedAt) : '—'}</Text>
                  ) : (
                    <>
                      <Text size="sm">{item.nextDueDate ? formatDate(item.nextDueDate) : '—'}</Text>
                      <OverdueCount count={item.overdueCount} />
                    </>
                  )}
                </Table.Td>
                <Table.Td>
                  {finished ? (
                    <Text size="sm" lineClamp={2}>
                      {item.status === 'REJECTED'
                        ? `${item.rejectedBy?.fullName ?? ''}: ${item.rejectionReason ?? ''}`
                        : (item.startedBy?.fullName ?? '—')}
                    </Text>
                  ) : (
                    <Avatar.Group spacing="sm">
                      {item.openAssignees.slice(0, 4).map((person) => (
                        <Tooltip key={person.id} label={person.fullName} withArrow>
                          <Avatar
                            size="sm"
                            radius="xl"
                            color="blue"
                            name={person.fullName}
                            alt={person.fullName}
                          >
                            {initialsOf(person.fullName)}
                          </Avatar>
                        </Tooltip>
                      ))}
                    </Avatar.Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPager
        total={requests.data?.total ?? 0}
        page={query.page}
        pageSize={query.limit ?? REQUESTS_PAGE_SIZE}
        noun="requests"
        onChange={onPage}
      />
    </ListPanel>
  );
};

type OpenRequestsProps = {
  renderNotes?: (request: WorkflowRequest) => ReactNode;
  /** Start a request (openRequests write). */
  onStart?: (() => void) | undefined;
};

/**
 * /open-requests (spec §2): `filterBy` IN_PROGRESS (default, written into the URL), COMPLETED or REJECTED;
 * `clientId` the household; `requestId` with `redirect=true` opens that request. Filters by workflow type,
 * assignee and overdue are kept in the URL too.
 */
export const OpenRequests = ({ renderNotes, onStart }: OpenRequestsProps) => {
  const [params, setParams] = useSearchParams();
  const types = useMasterOptions('workflowType');
  const [assignee, setAssignee] = useState<PickedUser | null>(null);
  const [household, setHousehold] = useState<{ clientId: string; name: string } | null>(null);
  const filterBy = isStatus(params.get('filterBy'))
    ? (params.get('filterBy') as WorkflowRequestStatus)
    : null;

  useEffect(() => {
    if (filterBy === null)
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('filterBy', 'IN_PROGRESS');
          return next;
        },
        { replace: true },
      );
  }, [filterBy, setParams]);

  const update = (changes: Record<string, string | null>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  const clientId = params.get('clientId');
  // A household in the link (`clientId`) is shown by its name, looked up; one picked here is known already.
  const picked = household !== null && household.clientId === clientId ? household : null;
  const linked = useRequestHousehold(clientId !== null && picked === null ? clientId : null);
  const shownHousehold = clientId === null ? null : (picked ?? linked.data ?? null);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: WorkflowRequestsQuery = {
    filterBy: filterBy ?? 'IN_PROGRESS',
    page,
    clientId: clientId ?? undefined,
    workflowTypeId: params.get('workflowTypeId') ? Number(params.get('workflowTypeId')) : undefined,
    assigneeId: params.get('assigneeId') ?? undefined,
    overdue: params.get('overdue') === 'true',
  };
  const opened = params.get('redirect') === 'true' ? params.get('requestId') : null;
  const filtered = Boolean(clientId || query.workflowTypeId || query.assigneeId || query.overdue);

  return (
    <>
      <Tabs value={query.filterBy} onChange={(value) => update({ filterBy: value })} variant="outline">
        <Tabs.List aria-label="Request state">
          {WORKFLOW_REQUEST_STATUSES.map((status) => (
            <Tabs.Tab key={status} value={status}>
              {WORKFLOW_REQUEST_STATUS_LABELS[status]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="center" wrap="wrap" role="search" aria-label="Filter requests">
        <Select
          aria-label="Workflow type"
          placeholder="Any workflow type"
          data={(types.data ?? []).map(({ value, label }) => ({ value, label }))}
          value={params.get('workflowTypeId')}
          onChange={(value) => update({ workflowTypeId: value })}
          clearable
          w={220}
        />
        <UserPicker
          label="Assignee"
          labelHidden
          placeholder="Any assignee"
          value={assignee}
          onChange={(user) => {
            setAssignee(user);
            update({ assigneeId: user?.id ?? null });
          }}
          w={220}
        />
        <HouseholdPicker
          label="Household"
          labelHidden
          placeholder={linked.isLoading ? 'Loading the household...' : 'Any household'}
          value={shownHousehold}
          onChange={(value) => {
            setHousehold(value);
            update({ clientId: value?.clientId ?? null });
          }}
          error={picked === null && linked.isError ? errorMessage(linked.error) : undefined}
          w={260}
        />
        {query.filterBy === 'IN_PROGRESS' && (
          <Switch
            label="Overdue only"
            checked={query.overdue === true}
            onChange={(event) => update({ overdue: event.currentTarget.checked ? 'true' : null })}
          />
        )}
      </Group>
      <RequestsTable
        query={query}
        onOpen={(id) => update({ requestId: id, redirect: 'true', page: String(page) })}
        onPage={(next) => update({ page: String(next) })}
        empty={
          filtered
            ? {
                title: 'No requests match these filters',
                description: 'Try another workflow type, assignee or household, or clear the filters.',
                onReset: () => {
                  setAssignee(null);
                  setHousehold(null);
                  update({ clientId: null, workflowTypeId: null, assigneeId: null, overdue: null });
                },
              }
            : {
                title:
                  query.filterBy === 'IN_PROGRESS'
                    ? 'No requests in progress'
                    : `No ${WORKFLOW_REQUEST_STATUS_LABELS[query.filterBy].toLowerCase()} requests`,
                description:
                  'A request runs a workflow template for a household, step by step: onboarding, an account opening, an annual review.',
              }
        }
        add={onStart && !filtered ? { label: 'Start request', onClick: onStart } : undefined}
      />
      <RequestDrawer
        requestId={opened}
        onClose={() => update({ requestId: null, redirect: null, page: String(page) })}
        {...(renderNotes ? { renderNotes } : {})}
      />
    </>
  );
};
