import {
  CLIENT_STATUS_LABELS,
  CLIENT_STATUSES,
  type ClientDetail,
  INFLUENCER_TIER_LABELS,
  INFLUENCER_TIERS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  SERVICE_FLAG_KEYS,
  SERVICE_LABELS,
  type ServiceFlags,
  isValidIsoDate,
} from '@centric/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Popover,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconChevronDown, IconPencil, IconStarOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatDate } from '../../../../lib/format.ts';
import { HouseholdAvatarGroup } from '../list/household-avatar-group.tsx';
import { CalendarDateField as DateField } from '../date-field.tsx';
import { CLIENT_STATUS_COLORS, INFLUENCER_TIER_COLORS, REVIEW_STATUS_COLORS } from './labels.ts';
import { useSaveHousehold } from './use-save-household.ts';

const HOUSEHOLD_NAME_MAX = 120;

type HouseholdHeaderProps = {
  detail: ClientDetail;
  canWrite: boolean;
  /** Figures of other areas (managed assets …), beside "Household since". */
  figures?: ReactNode;
};

type ChoiceBadgeProps<T extends string | null> = {
  /** What the menu changes ("Status"); also the accessible name of its button. */
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  color: string;
  display: string;
  canWrite: boolean;
  onChange: (value: T) => void;
};

/** A badge that, for users who may write, opens a menu to pick another value. */
const ChoiceBadge = <T extends string | null>({
  label,
  value,
  options,
  color,
  display,
  canWrite,
  onChange,
}: ChoiceBadgeProps<T>) => {
  const badge = (
    <Badge
      component="span"
      size="lg"
      variant="dot"
      color={color}
      radius="sm"
      rightSection={canWrite ? <IconChevronDown size={14} aria-hidden="true" /> : undefined}
    >
      {display}
    </Badge>
  );
  if (!canWrite) return badge;
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`${label}: ${display}. Change ${label.toLowerCase()}`}>
          {badge}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {options.map((option) => (
          <Menu.Item
            key={option.value ?? 'none'}
            onClick={() => option.value !== value && onChange(option.value)}
            rightSection={option.value === value ? <IconCheck size={14} aria-hidden="true" /> : undefined}
            aria-current={option.value === value ? 'true' : undefined}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};

/** One fact of the header strip: a small caption over its value. */
const Fact = ({ caption, children }: { caption: string; children: ReactNode }) => (
  <Stack gap={6} miw={0}>
    <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
      {caption}
    </Text>
    <div>{children}</div>
  </Stack>
);

type EditPopoverProps = {
  label: string;
  children: (close: () => void) => ReactNode;
};

/** A pencil button opening a small form next to the value it edits. */
const EditPopover = ({ label, children }: EditPopoverProps) => {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal trapFocus shadow="md">
      <Popover.Target>
        <Tooltip label={label}>
          <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <IconPencil size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>{opened && children(() => setOpened(false))}</Popover.Dropdown>
    </Popover>
  );
};

const NameForm = ({
  name,
  saving,
  onSave,
}: {
  name: string;
  saving: boolean;
  onSave: (name: string) => void;
}) => {
  const [value, setValue] = useState(name);
  const trimmed = value.trim();
  const error =
    trimmed.length === 0
      ? 'Required'
      : trimmed.length > HOUSEHOLD_NAME_MAX
        ? 'Household name can be up to 120 characters.'
        : undefined;
  return (
    <form
      aria-label="Rename household"
      onSubmit={(event) => {
        event.preventDefault();
        if (!error) onSave(trimmed);
      }}
    >
      <Stack gap="sm" w={300}>
        <TextInput
          label="Household name"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={value !== name ? error : undefined}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={saving} disabled={!!error || trimmed === name}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const FollowUpForm = ({
  value: initial,
  saving,
  onSave,
}: {
  value: string | null;
  saving: boolean;
  onSave: (value: string | null) => void;
}) => {
  const [value, setValue] = useState(initial ?? '');
  const invalid = value !== '' && !isValidIsoDate(value);
  return (
    <form
      aria-label="Next follow-up"
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) onSave(value === '' ? null : value);
      }}
    >
      <Stack gap="sm" w={260}>
        <DateField
          label="Next follow-up"
          value={value}
          onChange={setValue}
          error={invalid ? 'Enter a valid Date' : undefined}
          data-autofocus
        />
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            type="button"
            onClick={() => onSave(null)}
            disabled={initial === null || saving}
          >
            Clear
          </Button>
          <Button type="submit" size="xs" loading={saving} disabled={invalid || value === (initial ?? '')}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const ServicesForm = ({
  services,
  saving,
  onSave,
}: {
  services: ServiceFlags;
  saving: boolean;
  onSave: (services: ServiceFlags) => void;
}) => {
  const [value, setValue] = useState<ServiceFlags>(services);
  const changed = SERVICE_FLAG_KEYS.some((key) => value[key] !== services[key]);
  return (
    <form
      aria-label="Services"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(value);
      }}
    >
      <Stack gap="sm" w={260}>
        <Text size="sm" fw={600}>
          Services
        </Text>
        {SERVICE_FLAG_KEYS.map((key, index) => (
          <Checkbox
            key={key}
            label={SERVICE_LABELS[key]}
            checked={value[key]}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValue((current) => ({ ...current, [key]: checked }));
            }}
            data-autofocus={index === 0 ? true : undefined}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={saving} disabled={!changed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * The household's header: name, status, influencer tier and review status (menus for writers), rating,
 * next follow-up, services and the members at a glance.
 */
export const HouseholdHeader = ({ detail, canWrite, figures }: HouseholdHeaderProps) => {
  const { save, saving } = useSaveHousehold(detail.clientId);
  const services = SERVICE_FLAG_KEYS.filter((key) => detail.services[key]);

  return (
    <Paper component="section" aria-label="Household summary" withBorder radius="lg" p="lg" shadow="xs">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap" miw={0}>
            <HouseholdAvatarGroup members={detail.members} size={48} />
            <Stack gap={6} miw={0}>
              <Group gap={4} wrap="nowrap">
                <Title order={1} size="h2" lineClamp={2}>
                  {detail.name}
                </Title>
                {canWrite && (
                  <EditPopover label="Rename household">
                    {(close) => (
                      <NameForm name={detail.name} saving={saving} onSave={(name) => save({ name }, close)} />
                    )}
                  </EditPopover>
                )}
              </Group>
              <Group gap="xs" wrap="wrap">
                <ChoiceBadge
                  label="Status"
                  value={detail.status}
                  display={CLIENT_STATUS_LABELS[detail.status]}
                  color={CLIENT_STATUS_COLORS[detail.status]}
                  options={CLIENT_STATUSES.map((s) => ({ value: s, label: CLIENT_STATUS_LABELS[s] }))}
                  canWrite={canWrite}
                  onChange={(status) => save({ status })}
                />
                <ChoiceBadge
                  label="Influencer tier"
                  value={detail.influencerTier}
                  display={
                    detail.influencerTier === 'NO_STATUS'
                      ? 'No influencer tier'
                      : `${INFLUENCER_TIER_LABELS[detail.influencerTier]} influencer`
                  }
                  color={INFLUENCER_TIER_COLORS[detail.influencerTier]}
                  options={INFLUENCER_TIERS.map((t) => ({ value: t, label: INFLUENCER_TIER_LABELS[t] }))}
                  canWrite={canWrite}
                  onChange={(influencerTier) => save({ influencerTier })}
                />
              </Group>
            </Stack>
          </Group>
          <Group gap="xl" align="flex-start" wrap="wrap">
            {figures}
            <Text size="sm" c="dimmed">
              Household since {formatDate(detail.createdAt)}
            </Text>
          </Group>
        </Group>

        <SimpleGrid
          cols={{ base: 1, xs: 2, lg: 4 }}
          spacing="lg"
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Fact caption="Rating">
            <Group gap="xs" wrap="nowrap" role="group" aria-label={`Rating: ${detail.rating} of 5`}>
              <Rating
                value={detail.rating}
                count={5}
                readOnly={!canWrite || saving}
                onChange={(rating) => rating !== detail.rating && save({ rating })}
                getSymbolLabel={(index) => `${index} ${index === 1 ? 'star' : 'stars'}`}
                name={`rating-${detail.clientId}`}
              />
              {canWrite && detail.rating > 0 && (
                <Tooltip label="Clear rating">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label="Clear rating"
                    onClick={() => save({ rating: 0 })}
                  >
                    <IconStarOff size={14} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Fact>
          <Fact caption="Next follow-up">
            <Group gap={4} wrap="nowrap">
              <Text size="sm" fw={500} c={detail.nextFollowUp ? undefined : 'dimmed'}>
                {detail.nextFollowUp ? formatDate(detail.nextFollowUp) : 'Not scheduled'}
              </Text>
              {canWrite && (
                <EditPopover label="Change next follow-up">
                  {(close) => (
                    <FollowUpForm
                      value={detail.nextFollowUp}
                      saving={saving}
                      onSave={(nextFollowUp) => save({ nextFollowUp }, close)}
                    />
                  )}
                </EditPopover>
              )}
            </Group>
          </Fact>
          <Fact caption="Review status">
            <ChoiceBadge
              label="Review status"
              value={detail.reviewStatus}
              display={detail.reviewStatus ? REVIEW_STATUS_LABELS[detail.reviewStatus] : 'No review status'}
              color={detail.reviewStatus ? REVIEW_STATUS_COLORS[detail.reviewStatus] : 'gray'}
              options={[
                ...REVIEW_STATUSES.map((s) => ({ value: s, label: REVIEW_STATUS_LABELS[s] })),
                { value: null, label: 'No review status' },
              ]}
              canWrite={canWrite}
              onChange={(reviewStatus) => save({ reviewStatus })}
            />
          </Fact>
          <Fact caption="Services">
            <Group gap={6} wrap="wrap">
              {services.length === 0 ? (
                <Badge variant="outline" color="gray" radius="sm">
                  {SERVICE_LABELS.noService}
                </Badge>
              ) : (
                services.map((key) => (
                  <Badge key={key} variant="light" color="brand" radius="sm">
                    {SERVICE_LABELS[key]}
                  </Badge>
                ))
              )}
              {canWrite && (
                <EditPopover label="Change services">
                  {(close) => (
                    <ServicesForm
                      services={detail.services}
                      saving={saving}
                      onSave={(value) => save({ services: value }, close)}
                    />
                  )}
                </EditPopover>
              )}
            </Group>
          </Fact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
};
