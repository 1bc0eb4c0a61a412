import { Button, Group, type MantineSpacing, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MODAL_FOOTER_CLASS } from '../../../../components/form-actions.tsx';
import type { StepFormBinding } from './step-form.ts';
import type { StepNav } from './wizard-types.ts';

/** The label of a step's submit button: edits save in place; a new member moves on after each step. */
export const saveLabel = (nav: StepNav) =>
  nav.mode === 'edit' ? 'Save' : nav.isLast ? 'Save & Finish' : 'Save & Continue';

/**
 * Back, Cancel and the submit button of a step (Enter in any field submits the step too); it stays in view
 * while a long step scrolls.
 */
export const StepFooter = ({ nav, saving }: { nav: StepNav; saving: boolean }) => (
  <Group justify="space-between" mt="xl" className={MODAL_FOOTER_CLASS}>
    <div>
      {nav.onBack && (
        <Button
          variant="default"
          type="button"
          onClick={nav.onBack}
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          disabled={saving}
        >
          Back
        </Button>
      )}
    </div>
    <Group gap="sm">
      <Button variant="default" type="button" onClick={nav.onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel(nav)}
      </Button>
    </Group>
  </Group>
);

type StepFormProps = StepFormBinding & {
  /** The form's accessible name ('Basic details', 'Contact', ...). */
  label: string;
  gap?: MantineSpacing;
  children: ReactNode;
};

/** A step: its fields, stacked, above the footer. */
export const StepForm = ({ label, onSubmit, nav, saving, gap = 'md', children }: StepFormProps) => (
  <form onSubmit={onSubmit} noValidate aria-label={label}>
    <Stack gap={gap}>{children}</Stack>
    <StepFooter nav={nav} saving={saving} />
  </form>
);

/** Why a step asks nothing of this kind of member ('Employment does not apply to a pet.'). */
export const StepNote = ({ children }: { children: ReactNode }) => (
  <Text c="dimmed" size="sm">
    {children}
  </Text>
);
