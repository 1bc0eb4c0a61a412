import { Button, Group } from '@mantine/core';
import classes from './modal-footer.module.css';

/** The class of a modal form's footer: it sticks to the bottom while a long body scrolls. */
export const MODAL_FOOTER_CLASS = classes.footer;

type FormActionsProps = {
  onCancel: () => void;
  /** The save is on its way: Save spins, Cancel waits. */
  saving?: boolean;
  saveLabel?: string;
  /** Nothing to save yet (an unchanged form, an invalid one). */
  saveDisabled?: boolean;
};

/** A form's footer: Cancel, and the submit button (Save unless the form says otherwise); in view in a modal. */
export const FormActions = ({
  onCancel,
  saving = false,
  saveLabel = 'Save',
  saveDisabled,
}: FormActionsProps) => (
  <Group justify="flex-end" mt="sm" className={classes.footer}>
    <Button variant="default" type="button" onClick={onCancel} disabled={saving}>
      Cancel
    </Button>
    <Button
      type="submit"
      loading={saving}
      {...(saveDisabled !== undefined ? { disabled: saveDisabled } : {})}
    >
      {saveLabel}
    </Button>
  </Group>
);
