import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { useFeeScheduleOptions } from '../api/fee-schedule-options.ts';

const CHOOSE_SCHEDULE = 'Choose a fee schedule.';

type AssignScheduleModalProps = {
  /** How many accounts get the schedule; null: closed. */
  count: number | null;
  onClose: () => void;
  /** Sends the assignment; rejects with the server's error. */
  onAssign: (feeScheduleId: string) => Promise<unknown>;
};

/** One fee schedule for the chosen accounts (each account's change audited on its own). */
export const AssignScheduleModal = ({ count, onClose, onAssign }: AssignScheduleModalProps) => (
  <Modal opened={count !== null} onClose={onClose} title="Assign fee schedule" centered>
    {count !== null && <AssignScheduleForm count={count} onClose={onClose} onAssign={onAssign} />}
  </Modal>
);

/** The modal's form, mounted while it is open (so the schedules are only asked for then). */
const AssignScheduleForm = ({
  count,
  onClose,
  onAssign,
}: {
  count: number;
  onClose: () => void;
  onAssign: (feeScheduleId: string) => Promise<unknown>;
}) => {
  const schedules = useFeeScheduleOptions();
  const [feeScheduleId, setFeeScheduleId] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleAssign = async () => {
    if (!feeScheduleId) {
      setFieldError(CHOOSE_SCHEDULE);
      return;
    }
    setSaving(true);
    try {
      await onAssign(feeScheduleId);
      onClose();
    } catch (error) {
      const onField = serverFieldErrors(error).find((e) => e.field === 'feeScheduleId');
      if (onField) setFieldError(onField.message);
      else setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {count === 1 ? 'This account' : `These ${count} accounts`} will be billed on the schedule, in place of
        what {count === 1 ? 'it has' : 'they have'} now.
      </Text>
      <Select
        label="Fee schedule"
        placeholder={schedules.isPending ? 'Loading fee schedules…' : 'Choose a fee schedule'}
        data={schedules.data ?? []}
        value={feeScheduleId}
        onChange={(value) => {
          setFeeScheduleId(value);
          setFieldError(null);
          setFailure(null);
        }}
        searchable
        withAsterisk
        nothingFoundMessage={schedules.isError ? errorMessage(schedules.error) : 'No fee schedule matches'}
        comboboxProps={{ withinPortal: true }}
        error={fieldError ?? undefined}
        data-autofocus
      />
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void handleAssign()} loading={saving}>
          Assign
        </Button>
      </Group>
    </Stack>
  );
};
