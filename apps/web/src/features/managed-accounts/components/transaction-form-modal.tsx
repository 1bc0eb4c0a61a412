import {
  ACCOUNT_MESSAGES,
  type AccountValue,
  SECURITY_TRANSACTION_TYPES,
  TRANSACTION_DESCRIPTION_MAX,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
  type TransactionFormValues as TransactionBodyInput,
  transactionBodySchema,
  type TransactionType,
} from '@centric/contracts';
import { Grid, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { moneyFromInput } from '../../../lib/money.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useAddTransaction } from '../api/save-transaction.ts';
import { type PickedProduct, ProductSelect } from '../../../components/product-select.tsx';
import { MoneyField } from '../../../components/money-field.tsx';

export const TRANSACTION_TYPE_OPTIONS = TRANSACTION_TYPES.map((type) => ({
  value: type,
  label: TRANSACTION_TYPE_LABELS[type],
}));

/** A buy or a sell names its product and quantity; the other types have none. */
export const isSecurityType = (type: TransactionType) => SECURITY_TRANSACTION_TYPES.includes(type);

export type TransactionFormValues = {
  accountId: string;
  type: TransactionType;
  tradeDate: string;
  /** As typed, with thousands commas ('12,500.00'). */
  amount: string;
  product: PickedProduct | null;
  quantity: string;
  description: string;
};
type FormField = keyof TransactionFormValues;

const ACCOUNT_REQUIRED = 'Choose an account.';

/** The request body the form stands for: product and quantity only for a buy or a sell. */
export const transactionBodyOf = (values: TransactionFormValues): TransactionBodyInput => {
  const security = isSecurityType(values.type);
  return {
    type: values.type,
    tradeDate: values.tradeDate,
    amount: moneyFromInput(values.amount),
    productId: security ? (values.product?.id ?? null) : null,
    quantity: security && values.quantity.trim() !== '' ? values.quantity.trim() : null,
    description: values.description,
  };
};

/** Where a contract or server field path shows on this form. */
const formFieldOf = (path: string): FormField | undefined => {
  if (path === 'productId') return 'product';
  const top = path.split('.')[0] as FormField;
  return ['type', 'tradeDate', 'amount', 'quantity', 'description'].includes(top) ? top : undefined;
};

/**
 * The contract's schema checks the form (the server's messages), and an account must be chosen. The
 * schema's buy-or-sell rule runs only once every field reads: the product and quantity are also said at once.
 */
const transactionResolver: Resolver<TransactionFormValues> = (values) => {
  const parsed = transactionBodySchema.safeParse(transactionBodyOf(values));
  const errors = parsed.success
    ? {}
    : contractFieldErrors<TransactionFormValues>(parsed.error.issues, formFieldOf);
  const security = isSecurityType(values.type);
  const missing: [FormField, string | false][] = [
    ['accountId', !values.accountId && ACCOUNT_REQUIRED],
    ['product', security && !values.product && ACCOUNT_MESSAGES.productNeeded],
    ['quantity', security && !values.quantity.trim() && ACCOUNT_MESSAGES.quantityNeeded],
  ];
  const all: Record<string, unknown> = { ...errors };
  for (const [field, message] of missing) {
    if (message) all[field] ??= { type: 'validate', message };
  }
  return Object.keys(all).length === 0
    ? { values, errors: {} }
    : { values: {}, errors: all as FieldErrors<TransactionFormValues> };
};

type TransactionFormModalProps = {
  clientId: string;
  opened: boolean;
  /** The accounts it may go to; the account preset when there is one (an account's own list). */
  accounts: readonly Pick<AccountValue, 'id' | 'registrationName'>[];
  accountId: string | null;
  today: string;
  onClose: () => void;
};

/** Add transaction: account, type, trade date, amount, product and quantity (buy, sell), description. */
export const TransactionFormModal = ({ opened, onClose, ...props }: TransactionFormModalProps) => (
  <Modal opened={opened} onClose={onClose} title="Add transaction" size="lg" centered>
    {opened && <TransactionForm {...props} onClose={onClose} />}
  </Modal>
);

const TransactionForm = ({
  clientId,
  accounts,
  accountId,
  today,
  onClose,
}: Omit<TransactionFormModalProps, 'opened'>) => {
  const add = useAddTransaction(clientId);
  const {
    control,
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<TransactionFormValues>({
    defaultValues: {
      accountId: accountId ?? (accounts.length === 1 ? (accounts[0]?.id ?? '') : ''),
      type: 'DEPOSIT',
      tradeDate: today,
      amount: '',
      product: null,
      quantity: '',
      description: '',
    },
    resolver: transactionResolver,
  });
  const security = isSecurityType(watch('type'));

  const handleSave = handleSubmit((values) => {
    const body = transactionBodySchema.parse(transactionBodyOf(values));
    saveRecord(add, { accountId: values.accountId, body }, { onClose, setError, fields: formFieldOf });
  });

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Add transaction">
      <Stack gap="md">
        <SelectField
          control={control}
          name="accountId"
          label="Account"
          withAsterisk
          placeholder="Select an account"
          data={accounts.map((account) => ({ value: account.id, label: account.registrationName }))}
          allowDeselect={false}
          disabled={accountId !== null}
          error={errors.accountId?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SelectField
            control={control}
            name="type"
            label="Type"
            withAsterisk
            data={TRANSACTION_TYPE_OPTIONS}
            fromOption={(option) => (option ?? 'DEPOSIT') as TransactionType}
            allowDeselect={false}
            error={errors.type?.message}
          />
          <TextInput
            type="date"
            label="Trade date"
            withAsterisk
            error={errors.tradeDate?.message}
            {...register('tradeDate')}
          />
          <MoneyField
            control={control}
            name="amount"
            label="Amount"
            withAsterisk
            error={errors.amount?.message}
          />
        </SimpleGrid>
        {security && (
          <Grid>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <Controller
                control={control}
                name="product"
                render={({ field }) => (
                  <ProductSelect
                    ref={field.ref}
                    label="Product"
                    withAsterisk
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.product?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Quantity"
                withAsterisk
                inputMode="decimal"
                autoComplete="off"
                error={errors.quantity?.message}
                {...register('quantity')}
              />
            </Grid.Col>
          </Grid>
        )}
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={4}
          maxLength={TRANSACTION_DESCRIPTION_MAX}
          error={errors.description?.message}
          {...register('description')}
        />
        <FormActions onCancel={onClose} saveLabel="Add transaction" saving={add.isPending} />
      </Stack>
    </form>
  );
};
