import {
  CLIENT_API_MESSAGES,
  MEMBER_WIZARD_EDIT_START_INDEX,
  MEMBER_WIZARD_STEPS,
  type MemberDetail,
  type MemberWizardStep,
} from '@centric/contracts';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useRef, useState } from 'react';
import { ErrorState } from '../../../../components/error-state.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { usePermission } from '../../../../lib/permissions.ts';
import { useAddMember } from '../../api/add-member.ts';
import { useCreateClient } from '../../api/create-client.ts';
import { useDeleteMember } from '../../api/delete-member.ts';
import { useMember } from '../../api/get-member.ts';
import { useSaveMemberStep } from '../../api/save-member-step.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { type BasicBody, BasicStep } from './step-basic.tsx';
import { type ContactBody, ContactStep } from './step-contact.tsx';
import { type EmploymentBody, EmploymentStep } from './step-employment.tsx';
import { type IdentityBody, IdentityStep } from './step-identity.tsx';
import { type PreferencesBody, PreferencesStep } from './step-preferences.tsx';
import { WizardProgress } from './wizard-progress.tsx';
import type { StepNav, WizardMode } from './wizard-types.ts';

export type MemberWizardProps = {
  opened: boolean;
  onClose: () => void;
  clientId?: string;
  memberId?: string;
  onSaved?: (ids: { clientId: string; memberId: string }) => void;
  /** A draft household (decision 13) to finish: its primary's wizard reopens after its last saved step. */
  resume?: { clientId: string; memberId: string; completedSteps: number } | undefined;
};

type Ids = { clientId: string; memberId: string };

const TITLES: Record<WizardMode, string> = {
  create: 'New household',
  add: 'Add member',
  edit: 'Edit member',
};

const LAST_INDEX = MEMBER_WIZARD_STEPS.length - 1;

/** What leaving asks: unsaved changes are discarded; a new household not finished stays as a draft. */
type Pending = { kind: 'discard' | 'draft'; action: () => void };
const CONFIRMATIONS: Record<Pending['kind'], { title: string; message: string; confirmLabel: string }> = {
  discard: {
    title: 'Discard changes?',
    message: 'This step has unsaved changes. Leave it and discard them?',
    confirmLabel: 'Discard changes',
  },
  draft: {
    title: 'Leave the new household?',
    message:
      'The household is not finished: it is kept as a draft, listed only under Drafts on the Clients page, ' +
      'where you can resume or delete it. Changes not saved on this step are lost.',
    confirmLabel: 'Keep as draft',
  },
};

type StepBody = BasicBody | PreferencesBody | ContactBody | IdentityBody | EmploymentBody;

type WizardBodyProps = {
  mode: WizardMode;
  clientId: string | undefined;
  memberId: string | undefined;
  onSaved: MemberWizardProps['onSaved'];
  resume: MemberWizardProps['resume'];
  /** Closes at once (after the last step, or after deleting). */
  close: () => void;
  /** Cancel: asks first when a draft stays behind or the step has unsaved changes. */
  requestClose: () => void;
  /** Runs the action, after confirming when the current step has unsaved changes. */
  guard: (action: () => void) => void;
  onDirtyChange: (dirty: boolean) => void;
  markSaved: () => void;
};

const WizardBody = ({
  mode,
  clientId,
  memberId,
  onSaved,
  resume,
  close,
  requestClose,
  guard,
  onDirtyChange,
  markSaved,
}: WizardBodyProps) => {
  const [ids, setIds] = useState<Ids | null>(
    mode === 'edit' && clientId && memberId
      ? { clientId, memberId }
      : resume
        ? { clientId: resume.clientId, memberId: resume.memberId }
        : null,
  );
  const [active, setActive] = useState(
    mode === 'edit'
      ? MEMBER_WIZARD_EDIT_START_INDEX
      : resume
        ? Math.min(resume.completedSteps, LAST_INDEX)
        : 0,
  );
  /** Steps saved in this session: the progress never goes back while the member is re-read. */
  const [savedHere, setSavedHere] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const memberQuery = useMember(ids?.clientId, ids?.memberId);
  const createClient = useCreateClient();
  const addMember = useAddMember();
  const saveStep = useSaveMemberStep();
  const deleteMember = useDeleteMember();
  const canDelete = usePermission('clients', 'delete');

  const member: MemberDetail | null = memberQuery.data ?? null;
  const completedSteps = Math.max(member?.completedSteps ?? 0, savedHere);
  const step: MemberWizardStep = MEMBER_WIZARD_STEPS[active] ?? 'basic';

  const save = useCallback(
    async (index: number, body: StepBody): Promise<MemberDetail | null> => {
      const stepName = MEMBER_WIZARD_STEPS[index] ?? 'basic';
      let saved: MemberDetail | null = null;
      let savedIds: Ids;
      if (ids === null) {
        // Saving the first step creates the member.
        if (mode === 'create') {
          const { result, message } = await createClient.mutateAsync(body as BasicBody);
          savedIds = result;
          notifySuccess(message || CLIENT_API_MESSAGES.householdCreated);
        } else {
          const { result, message } = await addMember.mutateAsync({
            clientId: clientId ?? '',
            member: body as BasicBody,
          });
          saved = result;
          savedIds = { clientId: result.clientId, memberId: result.id };
          notifySuccess(message || CLIENT_API_MESSAGES.memberAdded);
        }
        setIds(savedIds);
      } else {
        const { result } = await saveStep.mutateAsync({ ...ids, step: stepName, body });
        saved = result;
        savedIds = ids;
      }
      markSaved();
      setSavedHere((n) => Math.max(n, index + 1));

      if (mode === 'edit' || index === LAST_INDEX) {
        notifySuccess(CLIENT_API_MESSAGES.memberSaved);
        onSaved?.(savedIds);
        if (mode === 'edit') return saved;
        close();
        return null;
      }
      setActive(index + 1);
      return null;
    },
    [ids, mode, clientId, createClient, addMember, saveStep, markSaved, onSaved, close],
  );

  if (mode === 'edit' && !ids) {
    return <ErrorState message={CLIENT_API_MESSAGES.householdNotFound} />;
  }
  if (ids && !member) {
    // The member is read (or being read) once the first step made it: its loading or its error.
    return (
      <QueryState query={memberQuery} loading="Loading member..." errorTitle="The member could not be loaded">
        {() => null}
      </QueryState>
    );
  }

  const nav: StepNav = {
    mode,
    isLast: active === LAST_INDEX,
    onBack: active > 0 ? () => guard(() => setActive(active - 1)) : undefined,
    onCancel: requestClose,
  };
  const canSelect = (index: number) => mode === 'edit' || (ids !== null && index <= completedSteps);
  const stepProps = { member, nav, onDirtyChange };
  const key = `${step}-${member?.id ?? 'new'}`;

  const removeMember = () => {
    if (!member) return;
    deleteMember.mutate(
      { clientId: member.clientId, memberId: member.id },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || CLIENT_API_MESSAGES.memberDeleted);
          setConfirmDelete(false);
          close();
        },
        onError: (error) => {
          setConfirmDelete(false);
          notifyError(errorMessage(error));
        },
      },
    );
  };

  return (
    <>
      {member && (
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <Text fw={600} truncate>
            {member.fullName}
          </Text>
          {mode === 'edit' && canDelete && member.subType !== 'PRIMARY' && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setConfirmDelete(true)}
            >
              Delete member
            </Button>
          )}
        </Group>
      )}
      <WizardProgress
        active={active}
        completedSteps={completedSteps}
        canSelect={canSelect}
        onSelect={(index) => guard(() => setActive(index))}
      />
      {step === 'basic' && (
        <BasicStep
          key={key}
          {...stepProps}
          creatingHousehold={mode === 'create'}
          onSave={(body) => save(0, body)}
        />
      )}
      {step === 'preferences' && (
        <PreferencesStep key={key} {...stepProps} onSave={(body) => save(1, body)} />
      )}
      {step === 'contact' && <ContactStep key={key} {...stepProps} onSave={(body) => save(2, body)} />}
      {step === 'identity' && <IdentityStep key={key} {...stepProps} onSave={(body) => save(3, body)} />}
      {step === 'employment' && <EmploymentStep key={key} {...stepProps} onSave={(body) => save(4, body)} />}
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete member?"
        message={`Are you sure you want to delete ${member?.fullName ?? 'this member'}? This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={deleteMember.isPending}
        onConfirm={removeMember}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
};

/**
 * The member form, a stepped wizard (spec §4: basic, preferences, contact, identity, employment).
 * Without clientId it creates a household whose first member is the PRIMARY; with clientId it adds a
 * member; with memberId it edits, starting at step index 4 and staying on a step after saving it.
 * In create and add mode each Save & Continue saves the step and moves on; progress follows
 * completedSteps. Cancel, Back and the step links ask before dropping unsaved changes.
 */
export const MemberWizard = ({ opened, onClose, clientId, memberId, onSaved, resume }: MemberWizardProps) => {
  const mode: WizardMode = memberId ? 'edit' : clientId ? 'add' : 'create';
  const dirty = useRef(false);
  const savedSomething = useRef(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const narrow = useMediaQuery('(max-width: 48em)');

  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const markSaved = useCallback(() => {
    savedSomething.current = true;
  }, []);
  const guard = useCallback((action: () => void) => {
    if (dirty.current) setPending({ kind: 'discard', action });
    else action();
  }, []);
  const close = useCallback(() => {
    dirty.current = false;
    setPending(null);
    savedSomething.current = false;
    onClose();
  }, [onClose]);
  /** A new household exists once its first step is saved: until the last step it stays a draft. */
  const requestClose = useCallback(() => {
    if (mode === 'create' && (resume !== undefined || savedSomething.current))
      setPending({ kind: 'draft', action: close });
    else guard(close);
  }, [mode, resume, close, guard]);
  const confirm = pending ? CONFIRMATIONS[pending.kind] : CONFIRMATIONS.discard;

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={TITLES[mode]}
        size="62rem"
        fullScreen={narrow === true}
        closeOnClickOutside={false}
      >
        {opened && (
          <WizardBody
            mode={mode}
            clientId={clientId}
            memberId={memberId}
            onSaved={onSaved}
            resume={resume}
            close={close}
            requestClose={requestClose}
            guard={guard}
            onDirtyChange={onDirtyChange}
            markSaved={markSaved}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={pending !== null}
        title={confirm.title}
        message={confirm.message}
        confirmLabel={confirm.confirmLabel}
        cancelLabel="Keep editing"
        danger={pending?.kind !== 'draft'}
        onConfirm={() => {
          const action = pending?.action;
          dirty.current = false;
          setPending(null);
          action?.();
        }}
        onCancel={() => setPending(null)}
      />
    </>
  );
};
