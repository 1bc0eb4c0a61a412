import {
  ASSET_CLASS_TEXT_MAX,
  type AssetClassInput,
  type AssetClassItem,
  type ProductType,
  assetClassBodySchema,
} from '@centric/contracts';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { contractFieldErrors, showFormErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateAssetClass } from '../api/save-asset-class.ts';
import { ProductTypeSelect } from './product-type-select.tsx';

export type AssetClassFormValues = {
  addAssetCategory: boolean;
  assetClass: string;
  assetCategory: string;
  productType: ProductType | null;
  avdReportable: boolean;
  fReportable: boolean;
};

type FormField = keyof AssetClassFormValues;
const FIELDS: readonly FormField[] = ['addAssetCategory', 'assetClass', 'assetCategory', 'productType'];

const bodyOf = (values: AssetClassFormValues): Partial<AssetClassInput> => ({
  addAssetCategory: values.addAssetCategory,
  assetClass: values.assetClass,
  assetCategory: values.assetCategory,
  ...(values.productType ? { productType: values.productType } : {}),
  avdReportable: values.avdReportable,
  fReportable: values.fReportable,
});

/** The contract's schema checks the form: the messages the server answers with. */
const resolver: Resolver<AssetClassFormValues> = (values) => {
  const parsed = assetClassBodySchema.safeParse(bodyOf(values));
  if (parsed.success) return { values, errors: {} };
  const fieldOf = (path: string) => FIELDS.find((field) => field === path.split('.')[0]);
  return { values: {}, errors: contractFieldErrors<AssetClassFormValues>(parsed.error.issues, fieldOf) };
};

type AssetClassFormProps = {
  /** The asset classes there are: "Add asset category" picks one of them. */
  existing: readonly AssetClassItem[];
  /** The product type the product form has, as the new class's. */
  productType: ProductType | null;
  onSaved: (item: AssetClassItem) => void;
  onCancel: () => void;
};

/**
 * The asset class form of spec §2/§3 (assetClass, assetCategory, productType, addAssetCategory, avdReportable,
 * fReportable), inline in the product form: not a <form> of its own (forms do not nest), so Enter in its fields
 * saves it rather than the product.
 */
export const AssetClassForm = ({ existing, productType, onSaved, onCancel }: AssetClassFormProps) => {
  const create = useCreateAssetClass();
  const classNames = [...new Set(existing.map((item) => item.assetClass))];
  const { control, register, handleSubmit, setError, watch, setValue, formState } =
    useForm<AssetClassFormValues>({
      resolver,
      defaultValues: {
        addAssetCategory: classNames.length > 0,
        assetClass: '',
        assetCategory: '',
        productType,
        avdReportable: true,
        fReportable: false,
      },
    });
  const { errors } = formState;
  const adding = watch('addAssetCategory');

  const save = handleSubmit((values) => {
    const body = assetClassBodySchema.parse(bodyOf(values));
    create.mutate(body, {
      onSuccess: ({ item, message }) => {
        notifySuccess(message);
        onSaved(item);
      },
      onError: (error) => showFormErrors(error, setError, { fields: FIELDS, focus: true }),
    });
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      event.key === 'Enter' &&
      event.target instanceof HTMLInputElement &&
      event.target.type !== 'checkbox'
    ) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg="var(--mantine-color-gray-0)"
      role="group"
      aria-label="New asset class"
    >
      <Stack gap="sm" onKeyDown={handleKeyDown}>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            New asset class
          </Text>
          <Controller
            control={control}
            name="addAssetCategory"
            render={({ field }) => (
              <Switch
                label="Add asset category to an existing class"
                checked={field.value}
                disabled={classNames.length === 0}
                onChange={(event) => {
                  field.onChange(event.currentTarget.checked);
                  setValue('assetClass', '');
                }}
              />
            )}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {adding ? (
            <Controller
              control={control}
              name="assetClass"
              render={({ field }) => (
                <Select
                  label="Asset class"
                  required
                  placeholder="Choose a class"
                  data={classNames}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={errors.assetClass?.message}
                  searchable
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          ) : (
            <TextInput
              label="Asset class"
              required
              placeholder="e.g. Equity"
              maxLength={ASSET_CLASS_TEXT_MAX + 10}
              error={errors.assetClass?.message}
              {...register('assetClass')}
            />
          )}
          <TextInput
            label="Asset category"
            required
            placeholder="e.g. US Large Cap"
            maxLength={ASSET_CLASS_TEXT_MAX + 10}
            error={errors.assetCategory?.message}
            {...register('assetCategory')}
          />
          <Controller
            control={control}
            name="productType"
            render={({ field }) => (
              <ProductTypeSelect
                value={field.value}
                onChange={field.onChange}
                error={errors.productType?.message}
              />
            )}
          />
          <Stack gap={6} justify="flex-end" pb={4}>
            <Checkbox label="ADV reportable" {...register('avdReportable')} />
            <Checkbox label="13F reportable" {...register('fReportable')} />
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button size="xs" onClick={() => void save()} loading={create.isPending}>
            Save asset class
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
