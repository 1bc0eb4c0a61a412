import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus, type ProspectRow } from '@centric/contracts';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type DragEvent, type KeyboardEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMoveProspect } from '../api/save-prospect.ts';
import { DaysSinceBadge } from './prospect-labels.tsx';

type ProspectsBoardProps = {
  items: readonly ProspectRow[];
  canMove: boolean;
  onOpen: (prospect: ProspectRow) => void;
};

const DRAG_TYPE = 'application/x-centric-prospect';

/**
 * The board: a column per lead status (HOT, WARM, COLD). A card is dragged to another column to change its
 * lead status, or, with the keyboard, focused and moved with the left and right arrow keys; Enter opens it.
 */
export const ProspectsBoard = ({ items, canMove, onOpen }: ProspectsBoardProps) => {
  const move = useMoveProspect();
  const hintId = useId();
  const [over, setOver] = useState<LeadStatus | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const handleMove = (prospect: ProspectRow, leadStatus: LeadStatus) => {
    if (!canMove || prospect.leadStatus === leadStatus) return;
    move.mutate(
      { id: prospect.id, leadStatus },
      {
        onSuccess: ({ message }) => {
          const text = `${prospect.displayName} moved to ${LEAD_STATUS_LABELS[leadStatus]}.`;
          setAnnouncement(text);
          notifySuccess(message);
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  const handleKey = (event: KeyboardEvent, prospect: ProspectRow) => {
    const index = LEAD_STATUSES.indexOf(prospect.leadStatus);
    if (event.key === 'Enter') onOpen(prospect);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = LEAD_STATUSES[index + step];
    if (step !== 0 && target) {
      event.preventDefault();
      handleMove(prospect, target);
    }
  };

  const handleDrop = (event: DragEvent, leadStatus: LeadStatus) => {
    event.preventDefault();
    setOver(null);
    const prospect = items.find((p) => p.id === event.dataTransfer.getData(DRAG_TYPE));
    if (prospect) handleMove(prospect, leadStatus);
  };

  return (
    <>
      <VisuallyHidden id={hintId}>
        {canMove
          ? 'Press the left or right arrow key to move the prospect to another lead status; Enter opens it.'
          : 'Enter opens the prospect.'}
      </VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {LEAD_STATUSES.map((status) => {
          const cards = items.filter((p) => p.leadStatus === status);
          return (
            <Paper
              key={status}
              withBorder
              p="sm"
              radius="md"
              bg={over === status ? 'gray.1' : undefined}
              component="section"
              aria-label={`${LEAD_STATUS_LABELS[status]} prospects`}
              data-lead-status={status}
              onDragOver={(event: DragEvent) => {
                if (!canMove) return;
                event.preventDefault();
                setOver(status);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={(event: DragEvent) => handleDrop(event, status)}
            >
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  {LEAD_STATUS_LABELS[status]}
                </Title>
                <Badge variant="light" color="gray" c="dark.7">
                  {cards.length}
                </Badge>
              </Group>
              <Stack gap="xs" mih={120}>
                {cards.length === 0 && (
                  <Text size="sm" c="dimmed">
                    No {LEAD_STATUS_LABELS[status].toLowerCase()} prospects.
                  </Text>
                )}
                {cards.map((p) => (
                  <Paper
                    key={p.id}
                    withBorder
                    p="xs"
                    radius="sm"
                    tabIndex={0}
                    role="button"
                    aria-describedby={hintId}
                    aria-label={`${p.displayName}, ${LEAD_STATUS_LABELS[p.leadStatus]}`}
                    draggable={canMove}
                    onDragStart={(event: DragEvent) => event.dataTransfer.setData(DRAG_TYPE, p.id)}
                    onKeyDown={(event: KeyboardEvent) => handleKey(event, p)}
                    onDoubleClick={() => onOpen(p)}
                    style={{ cursor: canMove ? 'grab' : 'pointer' }}
                  >
                    <Text fw={600} size="sm">
                      {p.displayName}
                    </Text>
                    <Group justify="space-between" gap="xs" mt={4}>
                      <Text size="xs" c="dimmed">
                        {p.wealthAdvisor?.fullName ?? ''}
                      </Text>
                      <DaysSinceBadge
                        days={p.daysSinceLastActivity}
                        converted={p.activityStatus === 'CONVERTED'}
                      />
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </>
  );
};
