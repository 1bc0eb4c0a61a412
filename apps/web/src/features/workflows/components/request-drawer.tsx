import {
  WORKFLOW_ASSIGNEE_ROLE_LABELS,
  WORKFLOW_COMPLETION_LABELS,
  WORKFLOW_DUE_FROM_LABELS,
  WORKFLOW_DUE_UNIT_LABELS,
  WORKFLOW_REQUEST_MESSAGES,
  type WorkflowRequest,
  type WorkflowRequestStep,
} from '@centric/contracts';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Drawer,
  FileInput,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconPlayerSkipForward, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { apiUpload, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { noteAttachmentSchema } from '@centric/contracts';
import { useChangeRequest, useWorkflowRequest } from '../api/workflow-requests.ts';
import { OverdueCount, RequestProgress, RequestStatusBadge, StepStatusBadge } from './request-labels.tsx';

type RequestDrawerProps = {
  requestId: string | null;
  onClose: () => void;
  /** The request's notes (the notes feature's, composed by the route). */
  renderNotes?: (request: WorkflowRequest) => ReactNode;
};

const paragraphs = (text: string) =>
  text
    .split(/\n+/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${line.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
    .join('');

const dueText = (step: WorkflowRequestStep) =>
  step.dueDate
    ? `Due ${formatDate(step.dueDate)}`
    : `Due ${step.dueDays} ${WORKFLOW_DUE_UNIT_LABELS[step.dueUnit]} ${WORKFLOW_DUE_FROM_LABELS[step.dueFrom]}`;

/** Completing a step that needs a note or a document: asks for it, then completes. */
const CompleteStepModal = ({
  request,
  step,
  onClose,
}: {
  request: WorkflowRequest;
  step: WorkflowRequestStep | null;
  onClose: () => void;
}) => {
  const change = useChangeRequest();
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needs = step?.completionRequirement ?? 'NONE';

  const handleClose = () => {
    setNote('');
    setFile(null);
    setError(null);
    onClose();
  };

  const handleSubmit = async () => {
    if (!step) return;
    if (needs === 'NOTE' && note.trim() === '') return setError(WORKFLOW_REQUEST_MESSAGES.noteRequired);
    if (needs === 'DOCUMENT' && !file) return setError(WORKFLOW_REQUEST_MESSAGES.documentRequired);
    setBusy(true);
    try {
      const attachmentIds = file
        ? [(await apiUpload('/fileAttachment', file, { schema: noteAttachmentSchema })).result.id]
        : [];
      const { message } = await change.mutateAsync({
        kind: 'complete',
        id: request.id,
        stepId: step.id,
        html: note.trim() ? paragraphs(note) : null,
        attachmentIds,
      });
      notifySuccess(message);
      handleClose();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={step !== null} onClose={handleClose} title={`Complete "${step?.title ?? ''}"`} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Completing this step needs{' '}
          {needs === 'NOTE' ? 'a note' : needs === 'DOCUMENT' ? 'a document' : 'nothing else'}. It is kept on
          the request as a workflow note.
        </Text>
        <Textarea
          label="Note"
          withAsterisk={needs === 'NOTE'}
          autosize
          minRows={3}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <FileInput
          label="Document"
          withAsterisk={needs === 'DOCUMENT'}
          placeholder="Choose a PDF or an image"
          accept="application/pdf,image/png,image/jpeg"
          clearable
          value={file}
          onChange={setFile}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose}>
            Cancel
          </Button>
          <Button
            onClick={handleSubmit}
            loading={busy}
            leftSection={<IconCheck size={16} aria-hidden="true" />}
          >
            Complete step
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** Rejecting a request needs a reason (issue 18 §2), checked here with the server's message. */
const RejectModal = ({
  request,
  opened,
  onClose,
}: {
  request: WorkflowRequest;
  opened: boolean;
  onClose: () => void;
}) => {
  const change = useChangeRequest();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleReject = () => {
    if (reason.trim() === '') return setError(WORKFLOW_REQUEST_MESSAGES.reasonRequired);
    change.mutate(
      { kind: 'reject', id: request.id, reason },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          setReason('');
          onClose();
        },
        onError: (caught) => setError(errorMessage(caught)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Reject request" centered>
      <Stack gap="sm">
        <Text size="sm">
          Reject {request.name} for {request.household.name}? Its open steps stop; the reason is kept on the
          request.
        </Text>
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={handleReject} loading={change.isPending}>
            Reject request
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

const StepRow = ({
  request,
  step,
  onComplete,
}: {
  request: WorkflowRequest;
  step: WorkflowRequestStep;
  onComplete: (step: WorkflowRequestStep) => void;
}) => {
  const change = useChangeRequest();
  const open = step.status === 'OPEN';
  const handleSkip = () =>
    change.mutate(
      { kind: 'skip', id: request.id, stepId: step.id },
      { onSuccess: ({ message }) => notifySuccess(message), onError: (e) => notifyError(errorMessage(e)) },
    );
  const handleComplete = () => {
    if (step.completionRequirement !== 'NONE') return onComplete(step);
    change.mutate(
      { kind: 'complete', id: request.id, stepId: step.id },
      { onSuccess: ({ message }) => notifySuccess(message), onError: (e) => notifyError(errorMessage(e)) },
    );
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      aria-label={`Step ${step.position + 1}: ${step.title}`}
      style={{
        borderLeft: `4px solid var(--mantine-color-${step.overdue ? 'red' : open ? 'blue' : 'teal'}-6)`,
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <ThemeIcon
            variant={open ? 'light' : 'filled'}
            color={step.status === 'SKIPPED' ? 'gray' : open ? 'blue' : 'teal'}
            radius="xl"
            size="md"
            aria-hidden="true"
          >
            {step.status === 'DONE' ? <IconCheck size={14} /> : <Text size="xs">{step.position + 1}</Text>}
          </ThemeIcon>
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {step.title}
              </Text>
              {!step.required && (
                <Text size="xs" c="dimmed">
                  Optional
                </Text>
              )}
            </Group>
            {step.description && (
              <Text size="xs" c="dimmed">
                {step.description}
              </Text>
            )}
            <Text size="xs">
              {step.assignee.fullName}
              {step.assigneeRole ? ` (${WORKFLOW_ASSIGNEE_ROLE_LABELS[step.assigneeRole]})` : ''} ·{' '}
              {dueText(step)}
              {step.completionRequirement !== 'NONE'
                ? ` · Needs ${WORKFLOW_COMPLETION_LABELS[step.completionRequirement].toLowerCase()}`
                : ''}
            </Text>
            {step.completedBy && step.completedAt && (
              <Text size="xs" c="dimmed">
                {step.status === 'DONE' ? 'Completed' : 'Skipped'} by {step.completedBy.fullName} on{' '}
                {formatDate(step.completedAt)}
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap={6} align="flex-end">
          <StepStatusBadge status={step.status} overdue={step.overdue} />
          {open && request.canAct && (
            <Group gap={6} wrap="nowrap">
              {!step.required && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  onClick={handleSkip}
                  aria-label={`Skip ${step.title}`}
                  leftSection={<IconPlayerSkipForward size={12} aria-hidden="true" />}
                >
                  Skip
                </Button>
              )}
              <Button
                size="compact-xs"
                onClick={handleComplete}
                loading={change.isPending}
                aria-label={`Complete ${step.title}`}
              >
                Complete
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
};

/** One request (spec §2 /open-requests with requestId and redirect=true): its steps, progress, reject, notes. */
export const RequestDrawer = ({ requestId, onClose, renderNotes }: RequestDrawerProps) => {
  const query = useWorkflowRequest(requestId);
  const [completing, setCompleting] = useState<WorkflowRequestStep | null>(null);
  const [rejecting, setRejecting] = useState(false);
  return (
    <Drawer
      opened={requestId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close request' }}
      title={query.data ? `${query.data.name} · ${query.data.household.name}` : 'Request'}
    >
      <QueryState query={query} loading="Loading the request..." notFound={<Text>Request not found.</Text>}>
        {(request) => (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs">
                  <RequestStatusBadge status={request.status} />
                  <Text size="sm" c="dimmed">
                    {request.workflowType.name} · version {request.version}
                  </Text>
                </Group>
                <Text size="sm">
                  <Anchor
                    component={Link}
                    to={paths.clientDetail.href(request.household.id)}
                    underline="always"
                  >
                    {request.household.name}
                  </Anchor>{' '}
                  · started {formatDate(request.startDate)}
                  {request.startedBy ? ` by ${request.startedBy.fullName}` : ''}
                </Text>
              </Stack>
              {request.canAct && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconX size={16} aria-hidden="true" />}
                  onClick={() => setRejecting(true)}
                >
                  Reject
                </Button>
              )}
            </Group>
            <Group grow align="flex-start">
              <RequestProgress request={request} />
              <OverdueCount count={request.overdueCount} />
            </Group>
            {request.status === 'REJECTED' && (
              <Alert color="red" variant="light" title="Rejected">
                {request.rejectedBy ? `${request.rejectedBy.fullName}: ` : ''}
                {request.rejectionReason}
              </Alert>
            )}
            <Title order={3} size="h5">
              Steps
            </Title>
            <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Steps">
              {request.steps.map((step) => (
                <StepRow key={step.id} request={request} step={step} onComplete={setCompleting} />
              ))}
            </Stack>
            {renderNotes && (
              <>
                <Divider />
                {renderNotes(request)}
              </>
            )}
            <CompleteStepModal request={request} step={completing} onClose={() => setCompleting(null)} />
            <RejectModal request={request} opened={rejecting} onClose={() => setRejecting(false)} />
          </Stack>
        )}
      </QueryState>
    </Drawer>
  );
};
