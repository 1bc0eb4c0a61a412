import {
  WORKFLOW_ASSIGNEE_ROLE_LABELS,
  WORKFLOW_REQUEST_MESSAGES,
  type WorkflowAssigneeRole,
} from '@centric/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { HouseholdPicker } from '../../../components/household-picker.tsx';
import { type PickedUser, UserPicker } from '../../../components/user-picker.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import type { HouseholdOption } from '../../../lib/lookups/household-search.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import {
  useRequestHousehold,
  useRequestPreview,
  useStartableTemplates,
  useStartRequest,
} from '../api/workflow-requests.ts';

/**
 * /create-request (issue 18 §2): a household, a template with a published version, then what starting makes
 * (each step's assignee and due date); a role the household lacks is asked for before start. A link's
 * `clientId` (the household's Requests tab) preselects its household, whose name is looked up.
 */
export const CreateRequestForm = ({ initialClientId }: { initialClientId: string | null }) => {
  const navigate = useNavigate();
  const preset = useRequestHousehold(initialClientId);
  const [household, setHousehold] = useState<HouseholdOption | null>(null);
  // The linked household fills the field once it is known, unless one was picked meanwhile.
  const [presetDone, setPresetDone] = useState(initialClientId === null);
  if (!presetDone && preset.data) {
    setPresetDone(true);
    setHousehold(preset.data);
  }
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [roles, setRoles] = useState<Partial<Record<WorkflowAssigneeRole, PickedUser | null>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const templates = useStartableTemplates();
  const preview = useRequestPreview(household?.clientId ?? null, templateId);
  const start = useStartRequest();

  const handleStart = () => {
    const found: Record<string, string> = {};
    if (!household) found.clientId = WORKFLOW_REQUEST_MESSAGES.householdRequired;
    if (!templateId) found.templateId = WORKFLOW_REQUEST_MESSAGES.templateRequired;
    for (const role of preview.data?.missingRoles ?? [])
      if (!roles[role])
        found[`roleAssignees.${role}`] = WORKFLOW_REQUEST_MESSAGES.roleMissing(
          WORKFLOW_ASSIGNEE_ROLE_LABELS[role],
        );
    setErrors(found);
    if (Object.keys(found).length > 0 || !household || !templateId) return;
    const roleAssignees = Object.fromEntries(
      Object.entries(roles).flatMap(([role, user]) => (user ? [[role, user.id]] : [])),
    );
    start.mutate(
      { clientId: household.clientId, templateId, roleAssignees },
      {
        onSuccess: ({ item, message }) => {
          notifySuccess(message);
          void navigate(
            paths.openRequests.href({ filterBy: 'IN_PROGRESS', requestId: item.id, redirect: 'true' }),
          );
        },
        onError: (error) => {
          const fields = isApiError(error) ? (error.errors ?? []) : [];
          setErrors(
            fields.length > 0
              ? Object.fromEntries(fields.map((f) => [f.field, f.message]))
              : { form: errorMessage(error) },
          );
        },
      },
    );
  };

  const template = templates.data?.find((t) => t.id === templateId);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            Request
          </Title>
          <HouseholdPicker
            withAsterisk
            value={household}
            onChange={(value) => {
              setPresetDone(true);
              setHousehold(value);
              setRoles({});
              setErrors({});
            }}
            placeholder={!presetDone && preset.isLoading ? 'Loading the household...' : undefined}
            error={
              errors.clientId ?? (!presetDone && preset.isError ? errorMessage(preset.error) : undefined)
            }
          />
          <Select
            label="Workflow template"
            withAsterisk
            placeholder={templates.isPending ? 'Loading templates...' : 'Choose a template'}
            data={(templates.data ?? []).map((t) => ({
              value: t.id,
              label: `${t.name} (v${t.version})`,
            }))}
            value={templateId}
            onChange={(value) => {
              setTemplateId(value);
              setRoles({});
              setErrors({});
            }}
            searchable
            nothingFoundMessage="No published template has this name"
            error={errors.templateId ?? (templates.isError ? errorMessage(templates.error) : undefined)}
            description={
              template
                ? `${template.typeName}${template.description ? ` · ${template.description}` : ''}`
                : undefined
            }
          />
          {(preview.data?.missingRoles ?? []).map((role) => (
            <UserPicker
              key={role}
              label={`${WORKFLOW_ASSIGNEE_ROLE_LABELS[role]} for this request`}
              value={roles[role] ?? null}
              onChange={(user) => setRoles((previous) => ({ ...previous, [role]: user }))}
              error={errors[`roleAssignees.${role}`]}
            />
          ))}
          {(preview.data?.missingRoles.length ?? 0) > 0 && (
            <Text size="xs" c="dimmed">
              The household has nobody in{' '}
              {preview.data!.missingRoles.length === 1 ? 'this role' : 'these roles'}: choose who does those
              steps. The household&apos;s team does not change.
            </Text>
          )}
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => void navigate(paths.openRequests.href({ filterBy: 'IN_PROGRESS' }))}
            >
              Cancel
            </Button>
            <Button
              onClick={handleStart}
              loading={start.isPending}
              leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
            >
              Start request
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Steps
          </Title>
          {!household || !templateId ? (
            <Text size="sm" c="dimmed">
              Choose a household and a template to see each step with its assignee and due date.
            </Text>
          ) : preview.isPending ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">Loading the steps...</Text>
            </Group>
          ) : preview.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(preview.error)}
            </Alert>
          ) : (
            <Table verticalSpacing="xs" aria-label="Steps of the request">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Step</Table.Th>
                  <Table.Th>Assignee</Table.Th>
                  <Table.Th>Due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.data.steps.map((step, index) => {
                  const chosen = step.assigneeRole ? roles[step.assigneeRole] : null;
                  const who = step.assignee?.fullName ?? chosen?.fullName;
                  return (
                    <Table.Tr key={`${index}-${step.title}`}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{step.title}</Text>
                        {!step.required && (
                          <Text size="xs" c="dimmed">
                            Optional
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {who ? (
                          <Text size="sm">{who}</Text>
                        ) : (
                          <Badge color="orange" variant="light" c="dark.7" tt="none">
                            Choose a{' '}
                            {step.assigneeRole ? WORKFLOW_ASSIGNEE_ROLE_LABELS[step.assigneeRole] : 'user'}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {step.dueDate ? formatDate(step.dueDate) : 'After the previous step'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
};
