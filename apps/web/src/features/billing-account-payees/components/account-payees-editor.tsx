import {
  ACCOUNT_PAYEES_MAX,
  type AccountPayee,
  accountPayeesBodySchema,
  percentTotal,
} from '@centric/contracts';
import { Alert, Box, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions.tsx';
import { IconAction } from '../../../components/icon-action.tsx';
import { OpenAccountSelect, type PickedAccount } from '../../../components/open-account-select.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveAccountPayees } from '../api/save-account-payees.ts';

type Row = { key: number; account: PickedAccount | null; payPercent: string };
type RowErrors = { account?: string; payPercent?: string };
type Errors = { list?: string; rows: Record<number, RowErrors> };

const NO_ERRORS: Errors = { rows: {} };

/** A percent as typed counts in the live total once it reads as one ('12.5'); anything else counts 0. */
const countable = (text: string) => (/^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) ? text.trim() : '0');

/** The live total of the rows' percents, exact: '99.99'. */
export const liveTotalOf = (rows: readonly Pick<Row, 'payPercent'>[]) =>
  percentTotal(rows.map((row) => countable(row.payPercent)));

/** A row is filled once it names an account and a percent. */
const isFilled = (row: Row) => row.account !== null && row.payPercent.trim() !== '';

/** The contract's (or the server's) field paths on the editor: 'payees.1.accountId' → row 1's account. */
const errorsOf = (issues: readonly { path: string; message: string }[]): Errors => {
  const errors: Errors = { rows: {} };
  for (const { path, message } of issues) {
    const match = /^payees\.(\d+)\.(accountId|payPercent)$/.exec(path);
    if (!match) {
      errors.list ??= message;
      continue;
    }
    const index = Number(match[1]);
    const field = match[2] === 'accountId' ? 'account' : 'payPercent';
    const row = (errors.rows[index] ??= {});
    row[field] ??= message;
  }
  return errors;
};

type AccountPayeesEditorProps = {
  accountId: string;
  payees: readonly AccountPayee[];
  opened: boolean;
  onClose: () => void;
};

/**
 * The account's payees edited as one list: each row an open account of any household and its percent, the
 * live total (it must read 100 %, or the list be empty), a new row only once the last one is filled.
 */
export const AccountPayeesEditor = ({ accountId, payees, opened, onClose }: AccountPayeesEditorProps) => (
  <Modal opened={opened} onClose={onClose} title="Edit account payees" size="xl" centered>
    {opened && <PayeesForm accountId={accountId} payees={payees} onClose={onClose} />}
  </Modal>
);

const PayeesForm = ({ accountId, payees, onClose }: Omit<AccountPayeesEditorProps, 'opened'>) => {
  const save = useSaveAccountPayees(accountId);
  const [nextKey, setNextKey] = useState(payees.length + 1);
  const [rows, setRows] = useState<Row[]>(() =>
    payees.map((payee, index) => ({
      key: index,
      account: { id: payee.accountId, registrationName: payee.registrationName, household: payee.household },
      payPercent: payee.payPercent,
    })),
  );
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const last = rows.at(-1);
  const canAdd = rows.length < ACCOUNT_PAYEES_MAX && (last === undefined || isFilled(last));
  const total = liveTotalOf(rows);

  const update = (key: number, change: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setErrors(NO_ERRORS);
  };

  const handleAdd = () => {
    if (!canAdd) return;
    setRows((current) => [...current, { key: nextKey, account: null, payPercent: '' }]);
    setNextKey((key) => key + 1);
  };

  const handleRemove = (key: number) => {
    setRows((current) => current.filter((row) => row.key !== key));
    setErrors(NO_ERRORS);
  };

  const handleSave = () => {
    const body = {
      payees: rows.map((row) => ({ accountId: row.account?.id ?? '', payPercent: row.payPercent.trim() })),
    };
    const parsed = accountPayeesBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        onClose();
      },
      onError: (error) => {
        setErrors(errorsOf(serverFieldErrors(error).map((e) => ({ path: e.field, message: e.message }))));
        notifyError(errorMessage(error));
      },
    });
  };

  const exact = total === '100';
  return (
    <form
      aria-label="Account payees"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        handleSave();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Split this account&apos;s fee over open accounts of any household. The percents must total 100 %.
          With no payee, the fee-paying account pays the whole fee.
        </Text>
        {rows.map((row, index) => (
          <Group
            key={row.key}
            align="flex-start"
            wrap="nowrap"
            aria-label={`Payee ${index + 1}`}
            role="group"
          >
            <div style={{ flex: 1 }}>
              <OpenAccountSelect
                label={`Paying account ${index + 1}`}
                withAsterisk
                value={row.account}
                onChange={(account) => update(row.key, { account })}
                exclude={rows.flatMap((other) =>
                  other.account && other.key !== row.key ? [other.account.id] : [],
                )}
                error={errors.rows[index]?.account}
              />
            </div>
            <TextInput
              label={`Pay percent ${index + 1}`}
              withAsterisk
              inputMode="decimal"
              rightSection="%"
              w={140}
              value={row.payPercent}
              onChange={(event) => update(row.key, { payPercent: event.currentTarget.value })}
              error={errors.rows[index]?.payPercent}
            />
            <Box mt={28}>
              <IconAction
                tooltip="Remove"
                label={`Remove payee ${index + 1}`}
                icon={IconTrash}
                color="red.9"
                onClick={() => handleRemove(row.key)}
              />
            </Box>
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={handleAdd}
            disabled={!canAdd}
          >
            Add payee
          </Button>
          {rows.length > 0 && (
            <Text role="status" aria-label="Live total" fw={600} c={exact ? 'green.9' : 'red.9'}>
              Total {total} %
            </Text>
          )}
        </Group>
        {!canAdd && rows.length < ACCOUNT_PAYEES_MAX && (
          <Text size="sm" c="dimmed">
            Fill in the last payee before adding another.
          </Text>
        )}
        {errors.list && (
          <Alert color="red" variant="light" role="alert">
            {errors.list}
          </Alert>
        )}
        <FormActions onCancel={onClose} saving={save.isPending} />
      </Stack>
    </form>
  );
};
