import {
  WORKFLOW_TEMPLATE_DESCRIPTION_MAX,
  WORKFLOW_TEMPLATE_NAME_MAX,
  type WorkflowTemplate,
} from '@centric/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { MODAL_FOOTER_CLASS } from '../../../components/form-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { FULL_LABEL_BADGE_STYLES } from '../../../lib/badge-styles.ts';
import { formatDate } from '../../../lib/format.ts';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { useMasterOptions } from '../../../lib/lookups/master-options.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDiscardWorkflowDraft } from '../api/discard-workflow-draft.ts';
import { useWorkflowTemplate } from '../api/get-workflow-template.ts';
import { usePublishWorkflowTemplate } from '../api/publish-workflow-template.ts';
import { useSaveWorkflowTemplate } from '../api/save-workflow-template.ts';
import { StepsEditor } from './steps-editor.tsx';
import {
  checkTemplate,
  type TemplateFormErrors,
  type TemplateFormValues,
  templateFormValuesOf,
} from './workflow-template-form.ts';

export type WorkflowRights = { canWrite: boolean; canDelete: boolean };

type WorkflowTemplateEditorProps = {
  /** null: closed; 'new': add one; an id: open that template (to edit, or to view without write). */
  target: string | 'new' | null;
  rights: WorkflowRights;
  onClose: () => void;
  /** A new template was saved: the editor goes on with it. */
  onCreated: (id: string) => void;
};

/** Which version the template is at, and whether a draft waits: 'Version 2 · Draft'. */
const VersionBadges = ({ template }: { template: WorkflowTemplate }) => (
  <Group gap="xs">
    {template.current ? (
      <Badge variant="light" c="dark.7" tt="none" radius="sm" styles={FULL_LABEL_BADGE_STYLES} color="teal">
        Version {template.current.version}
      </Badge>
    ) : (
      <Badge variant="light" c="dark.7" tt="none" radius="sm" styles={FULL_LABEL_BADGE_STYLES} color="gray">
        Never published
      </Badge>
    )}
    {template.draft && (
      <Badge variant="light" c="dark.7" tt="none" radius="sm" styles={FULL_LABEL_BADGE_STYLES} color="yellow">
        Draft
      </Badge>
    )}
    {template.current && (
      <Text size="xs" c="dimmed">
        Published {formatDate(template.current.publishedAt)}
        {template.current.publishedBy ? ` by ${template.current.publishedBy}` : ''}
      </Text>
    )}
  </Group>
);

/**
 * What the publish dialog says (issue 18 §1): the version new requests will use, and how many running
 * requests stay on the version they started on.
 */
export const publishQuestion = (template: Pick<WorkflowTemplate, 'name' | 'current' | 'runningRequests'>) => {
  const next = (template.current?.version ?? 0) + 1;
  const running = template.runningRequests;
  const stay = !template.current
    ? 'it is the first version.'
    : running === 0
      ? 'no request is running, so none stays on an older version.'
      : running === 1
        ? '1 running request stays on the version it started on.'
        : `${running} running requests stay on the versions they started on.`;
  return `Publish ${template.name} as version ${next}? New requests will use version ${next}; ${stay}`;
};

/**
 * The template editor: name, workflow type, description and the ordered steps. Saving writes the draft
 * (editing a published template makes one); Publish makes the draft the next version, which new requests
 * use while running ones keep theirs.
 */
export const WorkflowTemplateEditor = ({
  target,
  rights,
  onClose,
  onCreated,
}: WorkflowTemplateEditorProps) => {
  const id = target !== null && target !== 'new' ? target : null;
  const template = useWorkflowTemplate(id);
  const types = useMasterOptions('workflowType', target !== null);
  const save = useSaveWorkflowTemplate();
  const publish = usePublishWorkflowTemplate();
  const discard = useDiscardWorkflowDraft();
  const [values, setValues] = useState<TemplateFormValues>(() => templateFormValuesOf(null));
  const [saved, setSaved] = useState<string>('');
  const [errors, setErrors] = useState<TemplateFormErrors>({});
  const [confirmPublish, setConfirmPublish] = useState(false);
  const loaded = id === null ? null : (template.data ?? null);

  // A template (re)loaded, or a new one: the form starts from it.
  useEffect(() => {
    if (target === null) return;
    if (target !== 'new' && !loaded) return;
    const start = templateFormValuesOf(loaded);
    setValues(start);
    setSaved(JSON.stringify(checkTemplate(start).body));
    setErrors({});
  }, [target, loaded]);

  const readOnly = !rights.canWrite;
  const dirty = JSON.stringify(checkTemplate(values).body) !== saved || checkTemplate(values).body === null;
  const change = (patch: Partial<TemplateFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const handleSave = () => {
    const checked = checkTemplate(values);
    setErrors(checked.errors);
    if (!checked.body) return;
    save.mutate(
      { id: id ?? undefined, body: checked.body },
      {
        onSuccess: ({ item, message }) => {
          notifySuccess(message);
          if (id === null) onCreated(item.id);
        },
        onError: (error) => {
          const fieldErrors: TemplateFormErrors = {};
          for (const e of serverFieldErrors(error)) fieldErrors[e.field] ??= e.message;
          setErrors(fieldErrors);
          notifyError(errorMessage(error));
        },
      },
    );
  };

  const handlePublish = () => {
    if (!id) return;
    publish.mutate(id, {
      onSuccess: ({ message, item }) => {
        notifySuccess(`${message} Version ${item.currentVersion}.`);
        setConfirmPublish(false);
      },
      onError: (error) => {
        notifyError(errorMessage(error));
        setConfirmPublish(false);
      },
    });
  };

  const handleDiscard = () => {
    if (!id) return;
    discard.mutate(id, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => notifyError(errorMessage(error)),
    });
  };

  const nextVersion = (loaded?.currentVersion ?? 0) + 1;
  const title =
    target === 'new' ? 'Add workflow template' : readOnly ? 'Workflow template' : 'Edit workflow template';

  return (
    <>
      <Modal opened={target !== null} onClose={onClose} title={title} size="xl">
        {id !== null && !loaded ? (
          template.isError ? (
            <Alert color="red">{errorMessage(template.error)}</Alert>
          ) : (
            <Group justify="center" p="xl">
              <Loader aria-label="Loading the template" />
            </Group>
          )
        ) : (
          <Stack gap="md">
            {loaded && <VersionBadges template={loaded} />}
            {loaded?.state === 'PUBLISHED' && !readOnly && (
              <Text size="sm" c="dimmed">
                Saving a change makes a draft; version {loaded.currentVersion} stays as it is until the draft
                is published.
              </Text>
            )}
            <Group grow align="flex-start">
              <TextInput
                label="Name"
                withAsterisk
                maxLength={WORKFLOW_TEMPLATE_NAME_MAX}
                value={values.name}
                onChange={(event) => change({ name: event.currentTarget.value })}
                error={errors.name}
                readOnly={readOnly}
              />
              <Select
                label="Workflow type"
                withAsterisk
                data={(types.data ?? []).map(({ value, label }) => ({ value, label }))}
                value={values.workflowTypeId}
                onChange={(value) => change({ workflowTypeId: value })}
                error={errors.workflowTypeId}
                readOnly={readOnly}
                searchable
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={5}
              maxLength={WORKFLOW_TEMPLATE_DESCRIPTION_MAX}
              value={values.description}
              onChange={(event) => change({ description: event.currentTarget.value })}
              error={errors.description}
              readOnly={readOnly}
            />
            <Text fw={600} size="sm">
              Steps ({values.steps.length})
            </Text>
            <StepsEditor
              steps={values.steps}
              onChange={(steps) => change({ steps })}
              errors={errors}
              readOnly={readOnly}
            />
            <Group justify="space-between" className={MODAL_FOOTER_CLASS}>
              <Group gap="sm">
                {!readOnly && loaded?.state === 'PUBLISHED_WITH_DRAFT' && (
                  <Button variant="subtle" color="red" onClick={handleDiscard} loading={discard.isPending}>
                    Discard draft
                  </Button>
                )}
              </Group>
              <Group gap="sm">
                <Button variant="default" onClick={onClose}>
                  {readOnly ? 'Close' : 'Cancel'}
                </Button>
                {!readOnly && (
                  <Button
                    variant={loaded?.draft && !dirty ? 'default' : 'filled'}
                    onClick={handleSave}
                    loading={save.isPending}
                    disabled={!dirty}
                  >
                    Save draft
                  </Button>
                )}
                {!readOnly && loaded?.draft && (
                  <Button
                    onClick={() => {
                      // The count of running requests as it is now, not as when the editor opened.
                      void template.refetch();
                      setConfirmPublish(true);
                    }}
                    disabled={dirty}
                    title={dirty ? 'Save the draft before publishing it' : undefined}
                  >
                    Publish
                  </Button>
                )}
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        opened={confirmPublish}
        loading={publish.isPending}
        confirmLabel={`Publish version ${nextVersion}`}
        onConfirm={handlePublish}
        onClose={() => setConfirmPublish(false)}
      >
        {loaded ? publishQuestion(loaded) : null}
      </ConfirmModal>
    </>
  );
};
