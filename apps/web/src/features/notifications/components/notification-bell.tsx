import type { NotificationFilter, NotificationItem } from '@centric/contracts';
import {
  ActionIcon,
  Anchor,
  Button,
  Center,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconBellCheck, IconMailCog } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatTimeAgo } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadNotificationCount,
} from '../api/notifications.ts';
import classes from './notification-bell.module.css';

/** The bell's name says the count: "Notifications, 3 unread". */
export const bellLabel = (count: number) => (count > 0 ? `Notifications, ${count} unread` : 'Notifications');

const EMPTY: Record<NotificationFilter, { title: string; description: string }> = {
  all: { title: 'No notifications yet', description: 'Mentions and tasks for you will show up here.' },
  unread: { title: 'No unread notifications', description: 'You are all caught up.' },
};

const NotificationRow = ({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) => {
  const unread = item.readAt === null;
  return (
    <UnstyledButton className={classes.row} data-unread={unread || undefined} onClick={onOpen}>
      <span className={classes.dot} data-unread={unread || undefined} aria-hidden="true" />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={unread ? 700 : 500} lineClamp={2}>
          {unread && <VisuallyHidden component="span">Unread: </VisuallyHidden>}
          {item.title}
        </Text>
        {item.body && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {item.body}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {item.actor ? `${item.actor.fullName} · ` : ''}
          <time dateTime={item.createdAt}>{formatTimeAgo(item.createdAt)}</time>
        </Text>
      </Stack>
    </UnstyledButton>
  );
};

const NotificationList = ({
  filter,
  onOpen,
}: {
  filter: NotificationFilter;
  onOpen: (item: NotificationItem) => void;
}) => {
  const query = useNotifications(filter, true);
  if (query.isPending)
    return (
      <Center py="xl" role="status">
        <Loader size="sm" aria-label="Loading notifications..." />
      </Center>
    );
  if (query.isError)
    return (
      <ErrorState
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <Stack gap={4} align="center" py="xl" px="md">
        <IconBellCheck size={28} aria-hidden="true" color="var(--mantine-color-gray-6)" />
        <Text fw={600} size="sm">
          {EMPTY[filter].title}
        </Text>
        <Text size="xs" c="dimmed">
          {EMPTY[filter].description}
        </Text>
      </Stack>
    );
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <ul
        className={classes.list}
        aria-label={filter === 'unread' ? 'Unread notifications' : 'Notifications'}
      >
        {items.map((item) => (
          <li key={item.id}>
            <NotificationRow item={item} onOpen={() => onOpen(item)} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Center p="xs">
          <Button
            size="xs"
            variant="subtle"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Show more
          </Button>
        </Center>
      )}
    </ScrollArea.Autosize>
  );
};

/**
 * The bell in the top bar: the unread count (polled every minute and when the window is focused again) and
 * the inbox in a dialog: All / Unread, each notification opening its record (then marked read), Mark all as
 * read, and a link to the email preferences. Escape closes it and gives the focus back to the bell.
 */
export const NotificationBell = ({ userId }: { userId: string }) => {
  const navigate = useNavigate();
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const count = useUnreadNotificationCount().data ?? 0;
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const handleOpen = (item: NotificationItem) => {
    setOpened(false);
    void navigate(item.link);
    if (item.readAt === null)
      markRead.mutate(item.id, { onError: (error) => notifyError(errorMessage(error)) });
  };

  const handleMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: (message) => notifySuccess(String(message)),
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={400}
      shadow="lg"
      radius="md"
      trapFocus
      returnFocus
      withinPortal
    >
      {/* The target is the button itself: the popover's ARIA (aria-haspopup, aria-expanded) belongs on it,
          not on the indicator around it (axe: aria-allowed-attr). */}
      <Indicator
        label={count > 99 ? '99+' : count}
        size={18}
        color="red.9"
        offset={6}
        disabled={count === 0}
        styles={{ indicator: { pointerEvents: 'none' } }}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={bellLabel(count)}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((value) => !value)}
          >
            <IconBell size={22} stroke={1.6} aria-hidden="true" />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-labelledby={titleId}>
        <Group justify="space-between" px="md" pt="sm" pb={4}>
          <Text id={titleId} fw={700}>
            Notifications
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={handleMarkAll}
            disabled={count === 0}
            loading={markAll.isPending}
          >
            Mark all as read
          </Button>
        </Group>
        <Tabs value={filter} onChange={(value) => value && setFilter(value as NotificationFilter)}>
          <Tabs.List px="sm" aria-label="Which notifications">
            <Tabs.Tab value="all" data-autofocus>
              All
            </Tabs.Tab>
            <Tabs.Tab value="unread">{count > 0 ? `Unread (${count})` : 'Unread'}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="all">
            {filter === 'all' && <NotificationList filter="all" onOpen={handleOpen} />}
          </Tabs.Panel>
          <Tabs.Panel value="unread">
            {filter === 'unread' && <NotificationList filter="unread" onOpen={handleOpen} />}
          </Tabs.Panel>
        </Tabs>
        <Group justify="center" p="xs" className={classes.footer}>
          <Anchor
            component={Link}
            to={paths.profile.href(userId, 'notifications')}
            size="sm"
            onClick={() => setOpened(false)}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
          >
            <IconMailCog size={16} aria-hidden="true" />
            Email preferences
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
};
