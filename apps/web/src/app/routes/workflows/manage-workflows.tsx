import { Stack, Text, Title } from '@mantine/core';
import { FirmHolidaysPanel } from '../../../features/workflows/components/firm-holidays-panel.tsx';
import { WorkflowTemplatesManager } from '../../../features/workflows/components/workflow-templates-manager.tsx';
import { can } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/**
 * `/create-request-manage-workflows`: the firm's workflow templates (manageWorkflows:read, checked by the
 * route guard; write and delete show the matching actions) and the firm's holidays that business days skip
 * (administrators, with master data write and delete, change them).
 */
export const ManageWorkflowsScreen = () => {
  const user = useCurrentUser();
  const rights = {
    canWrite: can(user, 'manageWorkflows', 'write'),
    canDelete: can(user, 'manageWorkflows', 'delete'),
  };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Manage Workflows
        </Title>
        <Text c="dimmed" size="sm">
          Templates of the firm&apos;s processes, step by step. Publishing a template makes a new version;
          requests keep the version they started on.
        </Text>
      </Stack>
      <WorkflowTemplatesManager rights={rights} />
      <FirmHolidaysPanel
        rights={{ canWrite: can(user, 'masterData', 'write'), canDelete: can(user, 'masterData', 'delete') }}
      />
    </Stack>
  );
};
