import { ALERT_CATEGORY_COLORS, ALERT_CATEGORY_LABELS, type Alert, type AlertView } from '@centric/contracts';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBellRinging, IconEyeOff, IconHome } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate, formatTimeAgo } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { missingGroupsOf } from './alert-labels.ts';
import { SnoozeButton } from './snooze-button.tsx';

type AlertCardProps = {
  alert: Alert;
  view: AlertView;
  /** The user may change alerts (alerts write). */
  canWrite: boolean;
  busy: boolean;
  onDismiss: () => void;
  onActivate: () => void;
  onSnooze: (until: string) => Promise<unknown>;
};

/** What a missing-information alert lacks, per household and member, as chips. */
const MissingDetails = ({ groups }: { groups: NonNullable<ReturnType<typeof missingGroupsOf>> }) => (
  <Stack gap={6}>
    {groups.map((group) => (
      <Group key={group.who} gap={6} wrap="wrap" align="center">
        <Text size="sm" fw={600}>
          {group.who === 'Household' ? 'Household' : `For ${group.who}`}:
        </Text>
        {group.items.map((item) => (
          <Badge key={item} variant="outline" color="gray" radius="sm" tt="none" fw={500}>
            {item}
          </Badge>
        ))}
      </Group>
    ))}
  </Stack>
);

type ActionButtonProps = {
  icon: typeof IconEyeOff;
  light?: boolean;
  describedBy: string;
  onClick: () => void;
  busy: boolean;
  children: string;
};

/** A card's action, described by the alert's message so a screen reader says which alert it acts on. */
const ActionButton = ({ icon: Icon, light, describedBy, onClick, busy, children }: ActionButtonProps) => (
  <Button
    size="xs"
    variant={light ? 'light' : 'default'}
    leftSection={<Icon size={14} aria-hidden="true" />}
    aria-describedby={describedBy}
    onClick={onClick}
    disabled={busy}
  >
    {children}
  </Button>
);

/** The prospect a `prospectInactive` alert is about (its details name it). */
const prospectOf = (alert: Alert): string | null => {
  if (alert.category !== 'prospectInactive') return null;
  const details = alert.details as { prospectId?: unknown } | null;
  return typeof details?.prospectId === 'string' ? details.prospectId : null;
};

/**
 * One alert: its category in its colour, what it says (a missing-information alert as chips per household
 * and member), the household it is about, when it was raised, and what can be done with it in this view.
 */
export const AlertCard = ({
  alert,
  view,
  canWrite,
  busy,
  onDismiss,
  onActivate,
  onSnooze,
}: AlertCardProps) => {
  const messageId = useId();
  const color = ALERT_CATEGORY_COLORS[alert.category];
  const groups = alert.category === 'missingInformation' ? missingGroupsOf(alert.details) : null;
  const raised = new Date(alert.raisedAt);
  const prospectId = prospectOf(alert);

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={messageId}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            {/* Dark text on the category's tint: its own shade does not reach 4.5:1 (axe). */}
            <Badge color={color} variant="light" c="dark.7" radius="sm">
              {ALERT_CATEGORY_LABELS[alert.category]}
            </Badge>
            {alert.household && (
              <Anchor
                component={Link}
                to={paths.clientDetail.href(alert.household.id)}
                size="sm"
                fw={600}
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
              >
                <IconHome size={14} aria-hidden="true" />
                {alert.household.name}
              </Anchor>
            )}
            {prospectId && (
              <Anchor component={Link} to={paths.prospects.href({ prospectId })} size="sm" fw={600}>
                Open the prospect
              </Anchor>
            )}
            <Text size="xs" c="dimmed" component="span">
              <time dateTime={alert.raisedAt} title={raised.toLocaleString('en-US')}>
                {formatTimeAgo(raised)}
              </time>
            </Text>
          </Group>
          {groups ? (
            <>
              <VisuallyHidden id={messageId}>Missing information: {alert.message}</VisuallyHidden>
              <MissingDetails groups={groups} />
            </>
          ) : (
            <Text id={messageId} size="sm">
              {alert.message}
            </Text>
          )}
          {view === 'snoozed' && alert.snoozedUntil && (
            <Text size="xs" c="dimmed">
              Snoozed until {formatDate(alert.snoozedUntil)}
            </Text>
          )}
        </Stack>
        {canWrite && (
          <Group gap="xs" wrap="nowrap">
            {view === 'active' && (
              <SnoozeButton describedBy={messageId} onSnooze={onSnooze} disabled={busy} />
            )}
            {view !== 'active' && (
              <ActionButton
                icon={IconBellRinging}
                light
                describedBy={messageId}
                onClick={onActivate}
                busy={busy}
              >
                Activate
              </ActionButton>
            )}
            {view !== 'dismissed' && (
              <ActionButton icon={IconEyeOff} describedBy={messageId} onClick={onDismiss} busy={busy}>
                Dismiss
              </ActionButton>
            )}
          </Group>
        )}
      </Group>
    </Paper>
  );
};
