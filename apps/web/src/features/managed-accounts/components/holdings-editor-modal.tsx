import {
  ACCOUNT_MESSAGES,
  HOLDINGS_PER_SNAPSHOT_MAX,
  holdingsBodySchema,
  isValidIsoDate,
  type Position,
} from '@centric/contracts';
import { Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  Controller,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { AddRowButton, RemoveRowButton } from './form-fields.tsx';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useSaveHoldings } from '../api/save-holdings.ts';
import { type PickedProduct, ProductSelect } from '../../../components/product-select.tsx';

type HoldingRow = { product: PickedProduct | null; quantity: string };
export type HoldingsFormValues = { asOf: string; rows: HoldingRow[] };

const bodyOf = (values: HoldingsFormValues) => ({
  positions: values.rows.map((row) => ({ productId: row.product?.id ?? '', quantity: row.quantity.trim() })),
});

/** 'positions.2.productId' (the contract's and the server's path) → 'rows.2.product'. */
const formFieldOf = (path: string): FieldPath<HoldingsFormValues> | undefined => {
  const match = /^positions\.(\d+)\.(productId|quantity)$/.exec(path);
  if (match) return `rows.${Number(match[1])}.${match[2] === 'productId' ? 'product' : 'quantity'}`;
  if (path === 'positions') return 'rows';
  if (path === 'asOf') return 'asOf';
  return undefined;
};

/** The contract's holdings schema checks the rows (the server's messages); the as-of date must be a date. */
const holdingsResolver: Resolver<HoldingsFormValues> = (values) => {
  const issues = [
    ...(isValidIsoDate(values.asOf) ? [] : [{ path: ['asOf'], message: ACCOUNT_MESSAGES.invalidDate }]),
    ...(holdingsBodySchema.safeParse(bodyOf(values)).error?.issues ?? []),
  ];
  if (issues.length === 0) return { values, errors: {} };
  // Nested like the form: rows[2].product, the first message per field.
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const parts = formFieldOf(issue.path.map(String).join('.'))?.split('.') ?? [];
    const last = parts.pop();
    if (last === undefined) continue;
    let node = errors;
    parts.forEach((part, index) => {
      node = (node[part] ??= /^\d+$/.test(parts[index + 1] ?? last) ? [] : {}) as Record<string, unknown>;
    });
    node[last] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<HoldingsFormValues> };
};

type HoldingsEditorModalProps = {
  clientId: string;
  accountId: string;
  accountName: string;
  /** null: closed; otherwise the date and the positions the editor starts from. */
  start: { asOf: string; positions: readonly Position[] } | null;
  onClose: () => void;
};

/**
 * Edit holdings: what the account held on a date (products and quantities), saved as that date's snapshot,
 * replacing any other of the same date. Another date makes a new snapshot.
 */
export const HoldingsEditorModal = ({ start, onClose, accountName, ...props }: HoldingsEditorModalProps) => (
  <Modal
    opened={start !== null}
    onClose={onClose}
    title={`Edit holdings of ${accountName}`}
    size="xl"
    centered
  >
    {start && <HoldingsEditor {...props} start={start} onClose={onClose} />}
  </Modal>
);

const HoldingsEditor = ({
  clientId,
  accountId,
  start,
  onClose,
}: Omit<HoldingsEditorModalProps, 'start' | 'accountName'> & {
  start: NonNullable<HoldingsEditorModalProps['start']>;
}) => {
  const save = useSaveHoldings(clientId, accountId);
  const {
    control,
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<HoldingsFormValues>({
    defaultValues: {
      asOf: start.asOf,
      rows:
        start.positions.length > 0
          ? start.positions.map((p) => ({
              product: { id: p.product.id, name: p.product.name, symbol: p.product.symbol },
              quantity: p.quantity,
            }))
          : [{ product: null, quantity: '' }],
    },
    resolver: holdingsResolver,
  });
  const rows = useFieldArray({ control, name: 'rows' });
  const chosen = watch('rows').flatMap((row) => (row.product ? [row.product.id] : []));

  const handleSave = handleSubmit((values) => {
    const body = holdingsBodySchema.parse(bodyOf(values));
    saveRecord(save, { asOf: values.asOf, body }, { onClose, setError, fields: formFieldOf });
  });

  const rowsError = errors.rows?.message ?? errors.rows?.root?.message;

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Edit holdings">
      <Stack gap="md">
        <TextInput
          type="date"
          label="As of"
          description="The holdings of this date replace any saved for it; another date adds a snapshot."
          withAsterisk
          w={{ base: '100%', sm: 320 }}
          error={errors.asOf?.message}
          {...register('asOf')}
        />
        <Stack gap="xs">
          {rows.fields.map((row, index) => (
            <Group key={row.id} gap="sm" align="flex-start" wrap="nowrap">
              <div style={{ flex: 3, minWidth: 0 }}>
                <Controller
                  control={control}
                  name={`rows.${index}.product`}
                  render={({ field }) => (
                    <ProductSelect
                      ref={field.ref}
                      label={`Product ${index + 1}`}
                      value={field.value}
                      onChange={field.onChange}
                      exclude={chosen}
                      error={errors.rows?.[index]?.product?.message}
                    />
                  )}
                />
              </div>
              <TextInput
                label={`Quantity ${index + 1}`}
                inputMode="decimal"
                autoComplete="off"
                style={{ flex: 1 }}
                error={errors.rows?.[index]?.quantity?.message}
                {...register(`rows.${index}.quantity`)}
              />
              <RemoveRowButton label={`Remove holding ${index + 1}`} onClick={() => rows.remove(index)} />
            </Group>
          ))}
          {rows.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              No holdings: saved like this, the account holds nothing on this date.
            </Text>
          )}
          {rowsError && (
            <Text size="sm" c="red.8" role="alert">
              {rowsError}
            </Text>
          )}
          <AddRowButton
            label="Add holding"
            disabled={rows.fields.length >= HOLDINGS_PER_SNAPSHOT_MAX}
            onClick={() => rows.append({ product: null, quantity: '' })}
          />
        </Stack>
        <FormActions onCancel={onClose} saveLabel="Save holdings" saving={save.isPending} />
      </Stack>
    </form>
  );
};
