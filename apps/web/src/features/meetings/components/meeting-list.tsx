import {
  type Meeting,
  MEETING_STATUS_LABELS,
  MEETING_STATUSES,
  type MeetingStatus,
} from '@centric/contracts';
import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Menu,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarDown,
  IconCalendarEvent,
  IconCheck,
  IconProgressCheck,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { IconAction } from '../../../components/icon-action.tsx';
import { ListAddButton } from '../../../components/list-actions.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import {
  deleteAction,
  editAction,
  RowActionsCell,
  RowActionsHeader,
} from '../../../components/row-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFirmTimeZone } from '../../../lib/firm-calendar.ts';
import { multiSelectSummary } from '../../../lib/format.ts';
import type { HouseholdOption } from '../../../lib/lookups/household-search.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDeleteMeeting } from '../api/delete-meeting.ts';
import { downloadMeetingIcs } from '../api/download-ics.ts';
import { MEETINGS_PAGE_SIZE, useMeetings } from '../api/list-meetings.ts';
import { useUpdateMeetingStatus } from '../api/update-meeting-status.ts';
import { MeetingFormModal } from './meeting-form-modal.tsx';
import { formatMeetingWhen } from './meeting-time.ts';
import { useRecordActions } from '../../../lib/use-record-actions.ts';

const STATUS_COLORS: Record<MeetingStatus, string> = {
  UPCOMING: 'blue',
  HELD: 'green',
  CANCELLED: 'gray',
  POSTPONED: 'yellow',
};

/** The text a past meeting still Upcoming carries (issue 12 §3: never silently dropped). */
export const NEEDS_STATUS_TEXT = 'needs a status update';

export const MeetingStatusBadges = ({ meeting }: { meeting: Meeting }) => (
  <Stack gap={4} align="flex-start">
    <Badge variant="light" size="sm" color={STATUS_COLORS[meeting.status]} c="dark.7">
      {MEETING_STATUS_LABELS[meeting.status]}
    </Badge>
    {meeting.needsStatusUpdate && (
      // Text rather than a badge: it wraps in a narrow column instead of being cut short.
      <Group gap={4} wrap="nowrap" align="flex-start">
        <IconAlertTriangle
          size={14}
          color="var(--mantine-color-orange-8)"
          aria-hidden="true"
          style={{ flex: 'none', marginTop: 2 }}
        />
        <Text size="xs" fw={600} c="red.9" lh={1.3}>
          {NEEDS_STATUS_TEXT}
        </Text>
      </Group>
    )}
  </Stack>
);

/** The attendees as "Ada plus 2 others" (spec §9), every name in the tooltip. */
export const AttendeesSummary = ({ attendees }: { attendees: Meeting['attendees'] }) => {
  const names = attendees.map((a) => a.fullName);
  const summary = multiSelectSummary(names);
  if (names.length <= 1) return <Text size="sm">{summary}</Text>;
  return (
    <Tooltip label={names.join(', ')} multiline maw={320}>
      <Text size="sm" tabIndex={0} aria-label={`Attendees: ${names.join(', ')}`} style={{ cursor: 'help' }}>
        {summary}
      </Text>
    </Tooltip>
  );
};

const MeetingWhere = ({ meeting }: { meeting: Meeting }) => (
  <Stack gap={0}>
    {meeting.location && <Text size="sm">{meeting.location}</Text>}
    {meeting.videoUrl && (
      <Anchor href={meeting.videoUrl} target="_blank" rel="noopener noreferrer" size="sm">
        Video link
      </Anchor>
    )}
    {!meeting.location && !meeting.videoUrl && (
      <Text size="sm" c="dimmed">
        Not set
      </Text>
    )}
  </Stack>
);

type StatusMenuProps = { meeting: Meeting; onChoose: (status: MeetingStatus) => void };

/** Update Status: a menu of the four statuses, the current one ticked. */
const StatusMenu = ({ meeting, onChoose }: StatusMenuProps) => (
  <Menu position="bottom-end" withinPortal>
    <Menu.Target>
      <Tooltip label="Update Status">
        <ActionIcon variant="subtle" aria-label={`Update Status of ${meeting.title}`}>
          <IconProgressCheck size={16} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Menu.Target>
    <Menu.Dropdown>
      <Menu.Label>Update Status</Menu.Label>
      {MEETING_STATUSES.map((status) => (
        <Menu.Item
          key={status}
          onClick={() => onChoose(status)}
          rightSection={status === meeting.status ? <IconCheck size={14} aria-hidden="true" /> : undefined}
          aria-current={status === meeting.status ? 'true' : undefined}
        >
          {MEETING_STATUS_LABELS[status]}
        </Menu.Item>
      ))}
    </Menu.Dropdown>
  </Menu>
);

type MeetingListProps = {
  /** On the household page: its meetings of every status, latest first; new ones go on it. */
  household?: HouseholdOption | undefined;
};

/**
 * Meetings, 10 a page: on the dashboard the Upcoming ones the user attends (or the firm's, All) (those already past first, marked "needs a
 * status update"), on a household all of its meetings. Each with when (the firm's clock), where, attendees
 * and status; Update Status, Download .ics, Edit and Delete (confirmed).
 */
export const MeetingList = ({ household }: MeetingListProps) => {
  const timeZone = useFirmTimeZone();
  const canWrite = usePermission('tasks', 'write');
  const canDelete = usePermission('tasks', 'delete');
  const headingId = useId();
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  // On the dashboard, the meetings the user attends by default (as the tasks default to Mine); All is the firm's.
  const [whose, setWhose] = useState<'mine' | 'all'>('mine');

  const query = useMeetings(
    household
      ? { clientId: household.clientId, order: 'DESC', page }
      : {
          status: 'UPCOMING',
          order: 'ASC',
          page,
          ...(whose === 'mine' && user ? { attendeeId: user.id } : {}),
        },
  );
  const updateStatus = useUpdateMeetingStatus();
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } =
    useRecordActions<Meeting>(useDeleteMeeting());

  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  const handleStatus = (meeting: Meeting, status: MeetingStatus) =>
    updateStatus.mutate(
      { id: meeting.id, status },
      {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );

  const handleDownload = (meeting: Meeting) =>
    void downloadMeetingIcs(meeting.id, meeting.title).catch((error: unknown) =>
      notifyError(errorMessage(error)),
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Meetings
        </Title>
        <Group gap="sm" wrap="wrap">
          {!household && (
            <SegmentedControl
              size="xs"
              aria-label="Whose meetings"
              value={whose}
              onChange={(value) => {
                setWhose(value === 'all' ? 'all' : 'mine');
                setPage(1);
              }}
              data={[
                { value: 'mine', label: 'Mine' },
                { value: 'all', label: 'All' },
              ]}
            />
          )}
          {canWrite && <ListAddButton label="New meeting" onClick={() => setEditing('new')} />}
        </Group>
      </Group>
      <ListPanel
        query={query}
        loadingLabel={<ListSkeleton label="Loading meetings..." />}
        isEmpty={items.length === 0}
        empty={{
          icon: <IconCalendarEvent size={28} aria-hidden="true" />,
          title: household ? 'No meetings yet' : 'No upcoming meetings',
          description: household
            ? 'Meetings with this household will show here.'
            : whose === 'mine'
              ? 'Upcoming meetings you attend, and past ones still waiting for their status, show here.'
              : 'Upcoming meetings, and past ones still waiting for their status, show here.',
          ...(canWrite ? { add: { label: 'New meeting', onClick: () => setEditing('new') } } : {}),
        }}
      >
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Where</Table.Th>
                <Table.Th>Attendees</Table.Th>
                {!household && <Table.Th>Household</Table.Th>}
                <Table.Th>Status</Table.Th>
                <RowActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((meeting) => (
                <Table.Tr key={meeting.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {meeting.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatMeetingWhen(meeting.startsAt, meeting.endsAt, timeZone)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <MeetingWhere meeting={meeting} />
                  </Table.Td>
                  <Table.Td>
                    <AttendeesSummary attendees={meeting.attendees} />
                  </Table.Td>
                  {!household && (
                    <Table.Td>
                      {meeting.household ? (
                        <Anchor component={Link} to={paths.clientDetail.href(meeting.household.id)} size="sm">
                          {meeting.household.name}
                        </Anchor>
                      ) : (
                        <Text size="sm" c="dimmed">
                          None
                        </Text>
                      )}
                    </Table.Td>
                  )}
                  <Table.Td>
                    <MeetingStatusBadges meeting={meeting} />
                  </Table.Td>
                  <RowActionsCell
                    name={meeting.title}
                    actions={[
                      editAction(() => setEditing(meeting), canWrite),
                      deleteAction(() => setDeleting(meeting), canDelete),
                    ]}
                  >
                    {canWrite && <StatusMenu meeting={meeting} onChoose={(s) => handleStatus(meeting, s)} />}
                    <IconAction
                      tooltip="Download .ics"
                      label={`Download ${meeting.title} as .ics`}
                      icon={IconCalendarDown}
                      onClick={() => handleDownload(meeting)}
                    />
                  </RowActionsCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPager
          total={total}
          page={page}
          pageSize={MEETINGS_PAGE_SIZE}
          noun="meetings"
          onChange={setPage}
        />
      </ListPanel>
      <MeetingFormModal target={editing} household={household} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={deletePending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        Are you sure you want to delete the meeting &quot;{deleting?.title}&quot;?
      </ConfirmDeleteModal>
    </Stack>
  );
};
