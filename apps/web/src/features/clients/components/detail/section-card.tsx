import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type SectionCardProps = {
  /** Used for the heading and for the landmark's accessible name. */
  title: string;
  icon: ReactNode;
  /** A count shown next to the title (members, dates …). */
  count?: number;
  /** Buttons at the right of the header (Add, Edit, Manage). */
  actions?: ReactNode;
  children: ReactNode;
};

const slug = (title: string) => `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** One card of the highlights grid: icon, heading, optional count and actions, then the content. */
export const SectionCard = ({ title, icon, count, actions, children }: SectionCardProps) => {
  const headingId = slug(title);
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      shadow="xs"
    >
      {/* The title keeps its full text: when title and actions do not fit on one line (a third-width card,
          a narrow window) the actions move to their own line, and a very long title wraps. */}
      <Group
        justify="space-between"
        align="center"
        wrap="wrap"
        mb="md"
        gap="sm"
        style={{ rowGap: 'var(--mantine-spacing-xs)' }}
      >
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 auto' }}>
          <ThemeIcon variant="light" radius="md" size={34} aria-hidden="true" style={{ flexShrink: 0 }}>
            {icon}
          </ThemeIcon>
          <Title order={2} size="h4" id={headingId} miw={0} style={{ overflowWrap: 'break-word' }}>
            {title}
          </Title>
          {count !== undefined && count > 0 && (
            <Badge variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
              {count}
            </Badge>
          )}
        </Group>
        {actions && (
          <Group gap="xs" wrap="wrap" ml="auto">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Card>
  );
};

type SectionEmptyProps = {
  message: string;
  /** The add action, shown when the user may add. */
  actionLabel?: string;
  onAction?: (() => void) | undefined;
};

/** What a section says when it has nothing yet, with the way to add the first entry. */
export const SectionEmpty = ({ message, actionLabel, onAction }: SectionEmptyProps) => (
  <Stack
    align="center"
    gap="xs"
    py="lg"
    px="md"
    style={{
      border: '1px dashed var(--mantine-color-gray-3)',
      borderRadius: 'var(--mantine-radius-md)',
      background: 'var(--mantine-color-gray-0)',
    }}
  >
    <Text size="sm" c="dimmed" ta="center">
      {message}
    </Text>
    {actionLabel && onAction && <AddButton label={actionLabel} onClick={onAction} />}
  </Stack>
);

type SectionActionProps = { label: string; icon: Icon; onClick: () => void };

/** A button of a section's header or empty state (Add member, Edit team, Manage): light, small, icon first. */
export const SectionAction = ({ label, icon: ActionIcon, onClick }: SectionActionProps) => (
  <Button
    variant="light"
    size="xs"
    leftSection={<ActionIcon size={14} aria-hidden="true" />}
    onClick={onClick}
  >
    {label}
  </Button>
);

/** A section's add button, in its header or its empty state: 'Add milestone'. */
export const AddButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <SectionAction label={label} icon={IconPlus} onClick={onClick} />
);
