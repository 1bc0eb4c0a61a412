import {
  type AssetClassItem,
  PRODUCT_NAME_MAX,
  type ProductInput,
  type ProductItem,
  type ProductType,
  productBodySchema,
  productCrossFieldIssues,
} from '@centric/contracts';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions.tsx';
import { RecordFormModal } from '../../../components/record-form-modal.tsx';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useAssetClasses } from '../api/get-asset-classes.ts';
import { useSecurityTypes } from '../api/get-security-types.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { AssetClassForm } from './asset-class-form.tsx';
import { ProductTypeSelect } from './product-type-select.tsx';

export type ProductFormValues = {
  name: string;
  symbol: string;
  cusip: string;
  productType: ProductType | null;
  securityTypeId: string | null;
  assetClassId: string | null;
  advReportable: boolean;
  f13Reportable: boolean;
};

type FormField = keyof ProductFormValues;
const FIELDS: readonly FormField[] = [
  'name',
  'symbol',
  'cusip',
  'productType',
  'securityTypeId',
  'assetClassId',
  'advReportable',
  'f13Reportable',
];
const fieldOf = (path: string) => FIELDS.find((field) => field === path.split('.')[0]);

/** The request body the form stands for (the contract's, before it checks it). */
export const productBodyOf = (values: ProductFormValues): Partial<ProductInput> => ({
  name: values.name,
  symbol: values.symbol,
  cusip: values.cusip,
  ...(values.productType ? { productType: values.productType } : {}),
  securityTypeId: values.securityTypeId ? Number(values.securityTypeId) : null,
  assetClassId: values.assetClassId,
  advReportable: values.advReportable,
  f13Reportable: values.f13Reportable,
});

/** The contract's schema checks the form: the same messages the server answers with. */
const resolver: Resolver<ProductFormValues> = (values) => {
  const body = productBodyOf(values);
  const parsed = productBodySchema.safeParse(body);
  if (parsed.success) return { values, errors: {} };
  // The rules across fields are said at once beside the fields' own messages (the schema waits for those).
  const issues = [...parsed.error.issues, ...productCrossFieldIssues(body)];
  return { values: {}, errors: contractFieldErrors<ProductFormValues>(issues, fieldOf) };
};

const valuesOf = (product: ProductItem | null): ProductFormValues => ({
  name: product?.name ?? '',
  symbol: product?.symbol ?? '',
  cusip: product?.cusip ?? '',
  productType: product?.productType ?? null,
  securityTypeId: product?.securityType ? String(product.securityType.id) : null,
  assetClassId: product?.assetClass?.id ?? null,
  advReportable: product?.advReportable ?? false,
  f13Reportable: product?.f13Reportable ?? false,
});

/** The picker's options: the categories under their class, in the list's order (class, then category). */
const classGroupsOf = (items: readonly AssetClassItem[]) => {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const item of items) {
    const group = groups.get(item.assetClass) ?? [];
    group.push({ value: item.id, label: item.assetCategory });
    groups.set(item.assetClass, group);
  }
  return [...groups].map(([group, options]) => ({ group, items: options }));
};

type ProductFormProps = { product: ProductItem | null; onClose: () => void };

/** Name, symbol and CUSIP, type, security type, asset class (with an inline "Add asset class"), reportable flags. */
export const ProductForm = ({ product, onClose }: ProductFormProps) => {
  const save = useSaveProduct();
  const assetClasses = useAssetClasses();
  const securityTypes = useSecurityTypes();
  const [addingClass, setAddingClass] = useState(false);
  const { control, register, handleSubmit, setError, setValue, trigger, watch, formState } =
    useForm<ProductFormValues>({
      resolver,
      defaultValues: valuesOf(product),
    });
  const { errors } = formState;
  const productType = watch('productType');

  const classOptions = classGroupsOf(assetClasses.data ?? []);
  const typeOptions = (securityTypes.data ?? []).map((type) => ({
    value: String(type.id),
    label: type.name,
  }));

  /** A class picked for a new product brings its ADV and 13F defaults. */
  const pickClass = (id: string | null) => {
    setValue('assetClassId', id, { shouldValidate: formState.isSubmitted });
    const picked = assetClasses.data?.find((item) => item.id === id);
    if (picked && !product) {
      setValue('advReportable', picked.avdReportable);
      setValue('f13Reportable', picked.fReportable);
    }
  };

  const handleValid = (values: ProductFormValues) =>
    saveRecord(
      save,
      { id: product?.id, body: productBodySchema.parse(productBodyOf(values)) },
      { onClose, setError, fields: fieldOf },
    );

  return (
    <form
      onSubmit={handleSubmit(handleValid)}
      noValidate
      aria-label={product ? 'Edit product' : 'New product'}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          maxLength={PRODUCT_NAME_MAX + 10}
          error={errors.name?.message}
          data-autofocus
          {...register('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Symbol"
            description="Letters, digits, . - / (up to 12)"
            error={errors.symbol?.message}
            styles={{ input: { textTransform: 'uppercase' } }}
            {...register('symbol')}
          />
          <TextInput
            label="CUSIP"
            description="9 characters, check digit last"
            error={errors.cusip?.message}
            styles={{ input: { textTransform: 'uppercase' } }}
            {...register('cusip')}
          />
          <Controller
            control={control}
            name="productType"
            render={({ field }) => (
              <ProductTypeSelect
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  // Whether an asset class is needed depends on the type (not for cash).
                  if (formState.isSubmitted) void trigger('assetClassId');
                }}
                error={errors.productType?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="securityTypeId"
            render={({ field }) => (
              <Select
                label="Security type"
                placeholder={securityTypes.isPending ? 'Loading…' : 'None'}
                data={typeOptions}
                value={field.value}
                onChange={field.onChange}
                error={errors.securityTypeId?.message}
                clearable
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <Stack gap={6}>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <Controller
              control={control}
              name="assetClassId"
              render={({ field }) => (
                <Select
                  label="Asset class"
                  required={productType !== 'CASH'}
                  description={productType === 'CASH' ? 'Optional for cash' : undefined}
                  placeholder={assetClasses.isPending ? 'Loading…' : 'Choose a category'}
                  data={classOptions}
                  value={field.value}
                  onChange={pickClass}
                  error={errors.assetClassId?.message}
                  searchable
                  clearable
                  style={{ flex: 1 }}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            {!addingClass && (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() => setAddingClass(true)}
                mb={errors.assetClassId ? 22 : 0}
              >
                Add asset class
              </Button>
            )}
          </Group>
          {addingClass && (
            <AssetClassForm
              existing={assetClasses.data ?? []}
              productType={productType}
              onCancel={() => setAddingClass(false)}
              onSaved={(item) => {
                setAddingClass(false);
                pickClass(item.id);
              }}
            />
          )}
        </Stack>
        <Group gap="xl">
          <Checkbox label="ADV reportable" {...register('advReportable')} />
          <Checkbox label="13F reportable" {...register('f13Reportable')} />
        </Group>
        {productType === 'CASH' && (
          <Text size="sm" c="dimmed">
            A cash product is worth $1.00 a unit on every date: it needs no prices.
          </Text>
        )}
        <FormActions onCancel={onClose} saving={save.isPending} />
      </Stack>
    </form>
  );
};

type ProductFormModalProps = { target: ProductItem | 'new' | null; onClose: () => void };

export const ProductFormModal = ({ target, onClose }: ProductFormModalProps) => (
  <RecordFormModal target={target} noun="product" onClose={onClose}>
    {(product) => <ProductForm product={product} onClose={onClose} />}
  </RecordFormModal>
);
