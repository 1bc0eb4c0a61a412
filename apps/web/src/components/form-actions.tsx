import { Button, Group } from '@mantine/core';

type FormActionsProps = {
  onCancel: () => void;
  /** The save is on its way: Save spins, Cancel waits. */
  saving?: boolean;
  saveLabel?: string;
  /** Nothing to save yet (an unchanged form, an invalid one). */
  saveDisabled?: boolean;
};

/** A form's footer: Cancel, and the submit button (Save unless the form says otherwise). */
export const FormActions = ({
  onCancel,
  saving = false,
  saveLabel = 'Save',
  saveDisabled,
}: FormActionsProps) => (
  <Group justify="flex-end" mt="sm">
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
