import { CASH_FLOW_MESSAGES, cashFlowThresholdBodySchema } from '@centric/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMoney, formatMoneyTyping, moneyForInput, moneyFromInput } from '../../../lib/money.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCashFlowThreshold, useUpdateCashFlowThreshold } from '../api/cash-flow-threshold.ts';

type ThresholdCardProps = {
  /** cashflows write: the threshold can be changed. */
  canWrite: boolean;
};

/** The firm's threshold: flows below it are not prorated (empty: every flow is). */
export const ThresholdCard = ({ canWrite }: ThresholdCardProps) => {
  const threshold = useCashFlowThreshold();
  const update = useUpdateCashFlowThreshold();
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const value = threshold.data?.threshold ?? null;

  const handleSave = () => {
    if (editing === null) return;
    const checked = cashFlowThresholdBodySchema.safeParse({ threshold: moneyFromInput(editing) || null });
    if (!checked.success) {
      setError(CASH_FLOW_MESSAGES.thresholdInvalid);
      return;
    }
    update.mutate(checked.data, {
      onSuccess: (result) => {
        notifySuccess(result.message || CASH_FLOW_MESSAGES.thresholdUpdated);
        setEditing(null);
      },
      onError: (failure) => notifyError(errorMessage(failure)),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" aria-label="Cash flow threshold" component="section">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Proration threshold
        </Text>
        {threshold.isPending ? (
          <Skeleton height={20} width={260} />
        ) : threshold.isError ? (
          <Text size="sm" c="red.8">
            {errorMessage(threshold.error)}
          </Text>
        ) : editing === null ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {value === null
                ? 'Every flow is prorated: no threshold is set.'
                : `Flows below ${formatMoney(value)} are not prorated.`}
            </Text>
            {canWrite && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} aria-hidden="true" />}
                onClick={() => {
                  setEditing(moneyForInput(value));
                  setError(null);
                }}
              >
                Change threshold
              </Button>
            )}
          </Group>
        ) : (
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Threshold"
              description="Leave empty to prorate every flow."
              leftSection="$"
              inputMode="decimal"
              value={editing}
              onChange={(event) => {
                setEditing(formatMoneyTyping(event.currentTarget.value));
                setError(null);
              }}
              error={error}
              w={220}
              data-autofocus
            />
            <Group gap="xs" mt={26}>
              <Button size="sm" onClick={handleSave} loading={update.isPending}>
                Save
              </Button>
              <Button
                size="sm"
                variant="default"
                onClick={() => setEditing(null)}
                disabled={update.isPending}
              >
                Cancel
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Paper>
  );
};
