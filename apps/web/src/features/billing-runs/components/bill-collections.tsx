import {
  type BillDetail,
  COLLECTION_SOURCE_LABELS,
  type Collection,
  collectionBodySchema,
  sumMoney,
} from '@centric/contracts';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { contractFieldErrors, showFormErrors } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney, moneyFromInput } from '../../../lib/money.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useBillCollections } from '../api/list-bill-collections.ts';
import { useRecordCollection } from '../api/record-collection.ts';
import { MoneyField } from '../../../components/money-field.tsx';
import { Fact } from '../../../components/fact.tsx';

/** The form as typed: the amount with thousands commas ('1,250.00'). */
export type CollectionFormValues = { amount: string; collectedOn: string; reference: string };
type FormField = keyof CollectionFormValues;
const FORM_FIELDS: readonly FormField[] = ['amount', 'collectedOn', 'reference'];

const formFieldOf = (path: string): FormField | undefined => {
  const top = path.split('.')[0] as FormField;
  return FORM_FIELDS.includes(top) ? top : undefined;
};

/** The body the form stands for, before the contract reads it. */
const bodyOf = (values: CollectionFormValues) => ({
  amount: moneyFromInput(values.amount),
  collectedOn: values.collectedOn,
  reference: values.reference,
});

/** The contract checks the form (the server's own messages). */
const collectionResolver: Resolver<CollectionFormValues> = (values) => {
  const parsed = collectionBodySchema.safeParse(bodyOf(values));
  return parsed.success
    ? { values, errors: {} }
    : {
        values: {},
        errors: contractFieldErrors<CollectionFormValues>(
          parsed.error.issues,
          formFieldOf,
        ) as FieldErrors<CollectionFormValues>,
      };
};

type RecordCollectionFormProps = { bill: BillDetail; today: string };

/** Record collection: amount, the day it was collected (today by default) and a reference. */
const RecordCollectionForm = ({ bill, today }: RecordCollectionFormProps) => {
  const record = useRecordCollection();
  const empty: CollectionFormValues = { amount: '', collectedOn: today, reference: '' };
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CollectionFormValues>({ defaultValues: empty, resolver: collectionResolver });

  const handleSave = handleSubmit((values) => {
    const body = collectionBodySchema.parse(bodyOf(values));
    record.mutate(
      { billId: bill.id, runId: bill.runId, body },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          reset(empty);
        },
        onError: (error) => {
          showFormErrors(error, setError, { fields: formFieldOf, focus: true });
        },
      },
    );
  });

  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Record collection">
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            Record collection
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <MoneyField
              control={control}
              name="amount"
              label="Amount"
              withAsterisk
              error={errors.amount?.message}
            />
            <TextInput
              type="date"
              label="Collected on"
              withAsterisk
              error={errors.collectedOn?.message}
              {...register('collectedOn')}
            />
            <TextInput
              label="Reference"
              maxLength={100}
              autoComplete="off"
              error={errors.reference?.message}
              {...register('reference')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={record.isPending}
              leftSection={<IconCash size={16} aria-hidden="true" />}
            >
              Record collection
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const CollectionsTable = ({ items }: { items: readonly Collection[] }) => (
  <Table withTableBorder verticalSpacing={6} fz="sm" aria-label="Collections">
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Date</Table.Th>
        <Table.Th ta="right">Amount</Table.Th>
        <Table.Th>Source</Table.Th>
        <Table.Th>Reference</Table.Th>
        <Table.Th>By</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {items.map((collection) => (
        <Table.Tr key={collection.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(collection.collectedOn)}</Table.Td>
          <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(collection.amount)}
          </Table.Td>
          <Table.Td>{COLLECTION_SOURCE_LABELS[collection.source]}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{collection.reference ?? '—'}</Table.Td>
          <Table.Td>{collection.createdBy?.fullName ?? '—'}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

const negate = (money: string) => (money.startsWith('-') ? money.slice(1) : `-${money}`);

type BillCollectionsProps = {
  bill: BillDetail;
  /** billingInstances write: Record collection. */
  canWrite: boolean;
};

/**
 * An exported bill's collections: what was collected and what is left (its balance), each collection with
 * its day, amount, source, reference and who recorded it, and Record collection.
 */
export const BillCollections = ({ bill, canWrite }: BillCollectionsProps) => {
  const collections = useBillCollections(bill.id, true);
  const today = useFirmToday();
  return (
    <Stack gap="sm" component="section">
      <Title order={3} size="h5">
        Collections
      </Title>
      <SimpleGrid cols={3} spacing="sm" component="dl" m={0}>
        <Fact strong money label="Billed">
          {formatMoney(bill.amount)}
        </Fact>
        <Fact strong money label="Collected">
          {formatMoney(sumMoney([bill.amount, negate(bill.balance)]))}
        </Fact>
        <Fact strong money label="Balance">
          {formatMoney(bill.balance)}
        </Fact>
      </SimpleGrid>
      <QueryState query={collections} loading={<ListSkeleton label="Loading the collections..." rows={2} />}>
        {(items) =>
          items.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing collected on this bill yet.
            </Text>
          ) : (
            <CollectionsTable items={items} />
          )
        }
      </QueryState>
      {canWrite && <RecordCollectionForm bill={bill} today={today} />}
    </Stack>
  );
};
