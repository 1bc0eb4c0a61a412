import type { ReviewQueueItem } from '@centric/contracts';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useStrategies } from '../api/list-strategies.ts';

type StrategizeModalProps = {
  /** The accounts to strategize; null: closed. */
  accounts: readonly ReviewQueueItem[] | null;
  onClose: () => void;
  onAssign: (strategyId: string) => Promise<unknown>;
};

/**
 * Assigning a strategy from the review queue (spec §7 bookkeeping-strategization): the chosen accounts then
 * follow it alone, through their households' assignments.
 */
export const StrategizeModal = ({ accounts, onClose, onAssign }: StrategizeModalProps) => (
  <Modal opened={accounts !== null} onClose={onClose} title="Assign strategy" centered>
    {accounts && <StrategizeForm count={accounts.length} onClose={onClose} onAssign={onAssign} />}
  </Modal>
);

/** The modal's form, mounted while it is open (so the strategies are only asked for then). */
const StrategizeForm = ({
  count,
  onClose,
  onAssign,
}: {
  count: number;
  onClose: () => void;
  onAssign: (strategyId: string) => Promise<unknown>;
}) => {
  const strategies = useStrategies({ page: 1, limit: 100, sortBy: 'name', order: 'ASC' });
  const [strategyId, setStrategyId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleAssign = async () => {
    if (!strategyId) {
      setFailure('Choose a strategy.');
      return;
    }
    setSaving(true);
    try {
      await onAssign(strategyId);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {count === 1 ? 'This account' : `These ${count} accounts`} will follow the strategy alone, in place of
        what {count === 1 ? 'it follows' : 'they follow'} now. Drift is checked again at once.
      </Text>
      <Select
        label="Strategy"
        placeholder={strategies.isPending ? 'Loading strategies…' : 'Choose a strategy'}
        data={(strategies.data?.items ?? []).map((s) => ({
          value: s.id,
          label: `${s.name} (risk ${s.riskNumber})`,
        }))}
        value={strategyId}
        onChange={(value) => {
          setStrategyId(value);
          setFailure(null);
        }}
        searchable
        withAsterisk
        nothingFoundMessage="No strategy matches"
        comboboxProps={{ withinPortal: true }}
        error={failure === 'Choose a strategy.' ? failure : undefined}
      />
      {failure && failure !== 'Choose a strategy.' && <ErrorAlert>{failure}</ErrorAlert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={handleAssign} loading={saving}>
          Assign
        </Button>
      </Group>
    </Stack>
  );
};
