import {
  WORKFLOW_MESSAGES,
  WORKFLOW_TEMPLATE_STATE_LABELS,
  type WorkflowTemplateSummary,
} from '@centric/contracts';
import { Badge, Group, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import {
  RowActionsCell,
  RowActionsHeader,
  deleteAction,
  editAction,
} from '../../../components/row-actions.tsx';
import { SortableTh } from '../../../components/sortable-th.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { FULL_LABEL_BADGE_STYLES } from '../../../lib/badge-styles.ts';
import { formatDate } from '../../../lib/format.ts';
import { useMasterOptions } from '../../../lib/lookups/master-options.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteWorkflowTemplate } from '../api/delete-workflow-template.ts';
import { useWorkflowTemplates } from '../api/list-workflow-templates.ts';
import { useWorkflowTemplatesParams } from '../hooks/use-workflow-templates-params.ts';
import { WorkflowTemplateEditor, type WorkflowRights } from './workflow-template-editor.tsx';

const STATE_COLORS = { DRAFT: 'gray', PUBLISHED: 'teal', PUBLISHED_WITH_DRAFT: 'yellow' } as const;

/** /create-request-manage-workflows: the templates (search, type filter, sort, paging); add, edit, publish, delete. */
export const WorkflowTemplatesManager = ({ rights }: { rights: WorkflowRights }) => {
  const { state, update } = useWorkflowTemplatesParams();
  const list = usePagedList(state, update, ['workflowTypeId']);
  const templates = useWorkflowTemplates({
    ...list.query,
    workflowTypeId: list.query.workflowTypeId ? Number(list.query.workflowTypeId) : undefined,
  });
  const types = useMasterOptions('workflowType');
  const [open, setOpen] = useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WorkflowTemplateSummary | null>(null);
  const remove = useDeleteWorkflowTemplate();

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message || WORKFLOW_MESSAGES.deleted);
        if (open === deleting.id) setOpen(null);
        setDeleting(null);
      },
      onError: (error) => {
        notifyError(errorMessage(error));
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <PagedList
        list={list}
        query={templates}
        searchBox={{ label: 'Search workflow templates', placeholder: 'Search by name or description' }}
        filters={
          <Select
            aria-label="Workflow type"
            placeholder="Any workflow type"
            data={(types.data ?? []).map(({ value, label }) => ({ value, label }))}
            value={state.workflowTypeId || null}
            onChange={(value) => update({ workflowTypeId: value ?? '', pageNo: '1' })}
            clearable
            w={240}
            comboboxProps={{ withinPortal: true }}
          />
        }
        noun={['template', 'templates']}
        add={rights.canWrite ? { label: 'Add template', onClick: () => setOpen('new') } : undefined}
        loadingLabel="Loading workflow templates..."
        empty={{
          icon: <IconListCheck size={28} aria-hidden="true" />,
          title: 'No workflow templates yet',
          description:
            'A template lists the steps of a process the firm runs again and again: onboarding, account opening, an annual review.',
        }}
        noMatch={{
          title: 'No workflow templates match this search',
          description: 'Try another name, or clear the workflow type filter.',
        }}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={760}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="sm"
              highlightOnHover
              aria-label="Workflow templates"
            >
              <Table.Thead>
                <Table.Tr>
                  <SortableTh column="name" sort={list.sort} onSort={list.handleSort}>
                    Name
                  </SortableTh>
                  <SortableTh column="workflowType" sort={list.sort} onSort={list.handleSort}>
                    Workflow type
                  </SortableTh>
                  <Table.Th>Steps</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <SortableTh column="updatedAt" sort={list.sort} onSort={list.handleSort}>
                    Last changed
                  </SortableTh>
                  <RowActionsHeader />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <UnstyledButton onClick={() => setOpen(item.id)} aria-label={`Open ${item.name}`}>
                        <Text size="sm" fw={600} c="blue.8">
                          {item.name}
                        </Text>
                      </UnstyledButton>
                      {item.description && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {item.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.workflowType.name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.stepCount}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {item.currentVersion !== null && (
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            v{item.currentVersion}
                          </Text>
                        )}
                        <Badge
                          variant="light"
                          c="dark.7"
                          tt="none"
                          radius="sm"
                          styles={FULL_LABEL_BADGE_STYLES}
                          color={STATE_COLORS[item.state]}
                        >
                          {WORKFLOW_TEMPLATE_STATE_LABELS[item.state]}
                        </Badge>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(item.updatedAt)}</Text>
                    </Table.Td>
                    <RowActionsCell
                      name={item.name}
                      actions={[
                        editAction(() => setOpen(item.id), rights.canWrite),
                        deleteAction(() => setDeleting(item), rights.canDelete),
                      ]}
                    />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedList>
      <WorkflowTemplateEditor
        target={open}
        rights={rights}
        onClose={() => setOpen(null)}
        onCreated={setOpen}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        Delete the workflow template {deleting?.name} with all its versions? This cannot be undone.
      </ConfirmDeleteModal>
    </>
  );
};
