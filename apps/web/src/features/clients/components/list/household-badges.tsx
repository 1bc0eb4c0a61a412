import {
  CLIENT_STATUS_LABELS,
  type ClientStatus,
  INFLUENCER_TIER_LABELS,
  type InfluencerTier,
  SERVICE_FLAG_KEYS,
  SERVICE_LABELS,
  type ServiceFlags,
} from '@centric/contracts';
import { Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { FULL_LABEL_BADGE_STYLES } from '../../../../lib/badge-styles.ts';

/** The dot colours of the detail page's status menu (detail/labels.ts); the text stays black on white. */
const STATUS_COLORS: Readonly<Record<ClientStatus, string>> = {
  ACTIVE: 'green',
  INACTIVE: 'gray',
  CONVERTED: 'blue',
};

/**
 * A dot badge, like the detail page's: the colour is only the dot, the label is dark text on white (AA), and
 * the badge keeps its full width in a tight table column instead of ending in an ellipsis.
 */
export const ClientStatusBadge = ({ status }: { status: ClientStatus }) => (
  <Badge color={STATUS_COLORS[status]} variant="dot" radius="sm" styles={FULL_LABEL_BADGE_STYLES}>
    {CLIENT_STATUS_LABELS[status]}
  </Badge>
);

/** Rating 0–5 as stars; the text alternative says the number. */
export const RatingStars = ({ value, size = 14 }: { value: number; size?: number }) => (
  <Group gap={1} wrap="nowrap" role="img" aria-label={`${value} of 5 stars`}>
    {Array.from({ length: 5 }, (_, i) =>
      i < value ? (
        <IconStarFilled key={i} size={size} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
      ) : (
        <IconStar key={i} size={size} color="var(--mantine-color-gray-4)" aria-hidden="true" />
      ),
    )}
  </Group>
);

const TIER_COLORS: Readonly<Record<InfluencerTier, string>> = {
  GOLD: 'yellow.8',
  SILVER: 'gray.6',
  BRONZE: 'orange.9',
  NO_STATUS: 'gray',
};

export const InfluencerTierBadge = ({ tier }: { tier: InfluencerTier }) =>
  tier === 'NO_STATUS' ? (
    <Text size="sm" c="dimmed">
      {INFLUENCER_TIER_LABELS[tier]}
    </Text>
  ) : (
    <Badge color={TIER_COLORS[tier]} variant="dot" radius="sm" styles={FULL_LABEL_BADGE_STYLES}>
      {INFLUENCER_TIER_LABELS[tier]}
    </Badge>
  );

/** Short forms of the service names for the compact badges (full name in the tooltip and for readers). */
export const SERVICE_SHORT_LABELS: Readonly<Record<(typeof SERVICE_FLAG_KEYS)[number], string>> = {
  financialLifeManagement: 'FLM',
  riskManagement: 'RM',
  assetManagement: 'AM',
  legacyPlanning: 'LP',
  privateFund: 'PF',
};

export const ServiceBadges = ({ services }: { services: ServiceFlags }) => {
  const active = SERVICE_FLAG_KEYS.filter((key) => services[key]);
  if (active.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {SERVICE_LABELS.noService}
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap">
      {active.map((key) => (
        <Tooltip key={key} label={SERVICE_LABELS[key]} withArrow>
          <Badge size="sm" variant="light" color="navy" radius="sm">
            <span aria-hidden="true">{SERVICE_SHORT_LABELS[key]}</span>
            <VisuallyHidden>{SERVICE_LABELS[key]}</VisuallyHidden>
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
};
