import { type ManualCashFlowBody, manualCashFlowBodySchema } from '@centric/contracts';
import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { RemoteSelect } from '../../../components/remote-select.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { formatMoneyTyping, moneyFromInput } from '../../../lib/money.ts';
import { type CashFlowAccountOption, useCashFlowAccountOptions } from '../api/account-options.ts';

type Field = 'accountId' | 'date' | 'amount' | 'reason';
const FIELDS: readonly Field[] = ['accountId', 'date', 'amount', 'reason'];

type AddCashFlowModalProps = {
  opened: boolean;
  /** The day the date field starts on (the firm's today). */
  today: string;
  onClose: () => void;
  /** Sends the flow; rejects with the server's error. */
  onSave: (body: ManualCashFlowBody) => Promise<unknown>;
};

/** A manual deposit or withdrawal on an open account, with the reason it is entered by hand. */
export const AddCashFlowModal = ({ opened, today, onClose, onSave }: AddCashFlowModalProps) => (
  <Modal opened={opened} onClose={onClose} title="Add cash flow" centered>
    {opened && <AddCashFlowForm today={today} onClose={onClose} onSave={onSave} />}
  </Modal>
);

const AddCashFlowForm = ({ today, onClose, onSave }: Omit<AddCashFlowModalProps, 'opened'>) => {
  const [account, setAccount] = useState<CashFlowAccountOption | null>(null);
  const [direction, setDirection] = useState<'DEPOSIT' | 'WITHDRAWAL'>('DEPOSIT');
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const typed = moneyFromInput(amount);
  const body: ManualCashFlowBody = {
    accountId: account?.id ?? '',
    date,
    amount: typed === '' || direction === 'DEPOSIT' ? typed : `-${typed}`,
    reason,
  };

  const clear = (field: Field) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFailure(null);
  };

  const handleSave = async () => {
    const checked = manualCashFlowBodySchema.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as Field;
        if (FIELDS.includes(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      await onSave(body);
      onClose();
    } catch (error) {
      const onFields = serverFieldErrors(error).filter((e) => FIELDS.includes(e.field as Field));
      if (onFields.length > 0) {
        setErrors(Object.fromEntries(onFields.map((e) => [e.field, e.message])));
      } else {
        setFailure(errorMessage(error));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A deposit or withdrawal the account&apos;s transactions do not show. ARREARS bills prorate it like any
        other flow.
      </Text>
      <RemoteSelect<CashFlowAccountOption>
        label="Account"
        placeholder="Search accounts"
        value={account}
        onChange={(picked) => {
          setAccount(picked);
          clear('accountId');
        }}
        labelOf={(option) => `${option.registrationName} (${option.household})`}
        useOptions={useCashFlowAccountOptions}
        error={errors.accountId}
        withAsterisk
      />
      <SegmentedControl
        aria-label="Direction"
        data={[
          { value: 'DEPOSIT', label: 'Deposit' },
          { value: 'WITHDRAWAL', label: 'Withdrawal' },
        ]}
        value={direction}
        onChange={(value) => setDirection(value === 'WITHDRAWAL' ? 'WITHDRAWAL' : 'DEPOSIT')}
      />
      <Group grow align="flex-start">
        <TextInput
          label="Date"
          type="date"
          value={date}
          onChange={(event) => {
            setDate(event.currentTarget.value);
            clear('date');
          }}
          error={errors.date}
          withAsterisk
        />
        <TextInput
          label="Amount"
          leftSection="$"
          inputMode="decimal"
          placeholder="0.00"
          value={amount}
          onChange={(event) => {
            setAmount(formatMoneyTyping(event.currentTarget.value));
            clear('amount');
          }}
          error={errors.amount}
          withAsterisk
        />
      </Group>
      <Textarea
        label="Reason"
        placeholder="Why this flow is entered by hand"
        value={reason}
        maxLength={200}
        rows={3}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          clear('reason');
        }}
        error={errors.reason}
        description={`${reason.length}/200`}
        withAsterisk
      />
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void handleSave()} loading={saving}>
          Add cash flow
        </Button>
      </Group>
    </Stack>
  );
};
