import { BILLING_STATUS_LABELS, type BillingHouseholdRow, type ReadinessItem } from '@centric/contracts';
import { Badge, Button, Group, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconFileInvoice } from '@tabler/icons-react';
import { FULL_LABEL_BADGE_STYLES } from '../../../lib/badge-styles.ts';

const blockingCount = (row: BillingHouseholdRow) =>
  row.reasons.filter((reason) => reason.kind === 'BLOCKS').length;

/**
 * The unit's billing status: Ready to bill (green), Requires attention (orange: still billed), or Blocked
 * (red, with how many reasons block it: bill runs skip the unit until they are fixed).
 */
export const BillingStatusBadge = ({ row }: { row: BillingHouseholdRow }) => {
  if (row.blocked) {
    const count = blockingCount(row);
    return (
      <Badge
        color="red.9"
        variant="filled"
        radius="sm"
        tt="none"
        leftSection={<IconBan size={12} aria-hidden="true" />}
        styles={FULL_LABEL_BADGE_STYLES}
        title={`${count} ${count === 1 ? 'reason blocks' : 'reasons block'} billing: bill runs skip this unit until fixed.`}
      >
        Blocked ({count})
      </Badge>
    );
  }
  const ready = row.billingStatus === 'READY';
  return (
    <Badge
      color={ready ? 'teal' : 'orange'}
      c="dark.7"
      variant="light"
      radius="sm"
      tt="none"
      styles={FULL_LABEL_BADGE_STYLES}
    >
      {BILLING_STATUS_LABELS[row.billingStatus]}
    </Badge>
  );
};

/** Every open account is billed live for the period already: not an error, the unit's bill is made. */
export const BilledBadge = () => (
  <Badge
    color="indigo"
    c="dark.7"
    variant="light"
    radius="sm"
    tt="none"
    leftSection={<IconFileInvoice size={12} aria-hidden="true" />}
    styles={FULL_LABEL_BADGE_STYLES}
    title="Every open account of this unit is billed live for the period."
  >
    Billed
  </Badge>
);

const KIND_LOOKS = {
  BLOCKS: { icon: IconBan, color: 'var(--mantine-color-red-9)', says: 'Blocks billing' },
  ATTENTION: { icon: IconAlertTriangle, color: 'var(--mantine-color-orange-9)', says: 'Needs attention' },
} as const;

/** One reason: an icon for its kind (said to screen readers) and the server's sentence. */
const ReasonLine = ({ reason, truncate = false }: { reason: ReadinessItem; truncate?: boolean }) => {
  const { icon: KindIcon, color, says } = KIND_LOOKS[reason.kind];
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" miw={0}>
      <KindIcon size={15} color={color} style={{ flex: 'none', marginTop: 2 }} aria-hidden="true" />
      <Text size="sm" title={truncate ? reason.message : undefined} truncate={truncate ? 'end' : undefined}>
        <VisuallyHidden>{says}: </VisuallyHidden>
        {reason.message}
      </Text>
    </Group>
  );
};

/** Blocking reasons first (what stops a bill run), then those that need attention, each in the server's order. */
const ordered = (reasons: readonly ReadinessItem[]) => [
  ...reasons.filter((reason) => reason.kind === 'BLOCKS'),
  ...reasons.filter((reason) => reason.kind !== 'BLOCKS'),
];

/** The unit's reasons: the first one, and "+N more" that opens the whole list. */
export const ReadinessReasons = ({ row }: { row: BillingHouseholdRow }) => {
  const [first, ...rest] = ordered(row.reasons);
  if (!first) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" maw={380}>
      <ReasonLine reason={first} truncate />
      {rest.length > 0 && (
        <Popover position="bottom-end" withArrow shadow="md" width={380}>
          <Popover.Target>
            <Button
              variant="subtle"
              size="compact-xs"
              style={{ flex: 'none' }}
              aria-label={`+${rest.length} more reasons for ${row.name}`}
            >
              +{rest.length} more
            </Button>
          </Popover.Target>
          {/* A click inside stays here: the row under it would open the household. */}
          <Popover.Dropdown onClick={(event) => event.stopPropagation()}>
            <Stack gap="xs">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {row.reasons.length} reasons for {row.name}
              </Text>
              <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {[first, ...rest].map((reason, index) => (
                  <li key={`${reason.code}-${reason.accountId ?? 'unit'}-${index}`}>
                    <ReasonLine reason={reason} />
                  </li>
                ))}
              </Stack>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
};
