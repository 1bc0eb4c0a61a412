import { type ProductItem, type ProductPriceInput, productPriceBodySchema } from '@centric/contracts';
import { LineChart } from '@mantine/charts';
import {
  Button,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { RowActionsCell, RowActionsHeader, deleteAction } from '../../../components/row-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { contractFieldErrors, showFormErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteProductPrice } from '../api/delete-product-price.ts';
import { useProductPrices } from '../api/list-product-prices.ts';
import { useSaveProductPrice } from '../api/save-product-price.ts';
import { formatPrice, usDate } from './price-text.ts';

/** The chart draws the newest 366 prices (a year of daily closes, or every month-end of 30 years). */
const CHART_POINTS = 366;
const PAGE_SIZE = 10;

type PriceFormValues = { date: string; price: string };
const FIELDS = ['date', 'price'] as const;
const fieldOf = (path: string) => FIELDS.find((field) => field === path);

const priceResolver: Resolver<PriceFormValues> = (values) => {
  const parsed = productPriceBodySchema.safeParse(values satisfies ProductPriceInput);
  if (parsed.success) return { values, errors: {} };
  return { values: {}, errors: contractFieldErrors<PriceFormValues>(parsed.error.issues, fieldOf) };
};

/** Add (or replace) the price of a date. */
const AddPriceForm = ({ productId }: { productId: string }) => {
  const save = useSaveProductPrice();
  const today = useFirmToday();
  const { register, handleSubmit, setError, reset, formState } = useForm<PriceFormValues>({
    resolver: priceResolver,
    defaultValues: { date: today, price: '' },
  });
  const handleValid = (values: PriceFormValues) =>
    save.mutate(
      { productId, body: productPriceBodySchema.parse(values) },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          reset({ date: values.date, price: '' });
        },
        onError: (error) => showFormErrors(error, setError, { fields: fieldOf, focus: true }),
      },
    );
  return (
    <form onSubmit={handleSubmit(handleValid)} noValidate aria-label="Add a price">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="Date"
          max={today}
          error={formState.errors.date?.message}
          w={170}
          {...register('date')}
        />
        <TextInput
          label="Price"
          placeholder="123.45"
          leftSection="$"
          inputMode="decimal"
          error={formState.errors.price?.message}
          w={170}
          {...register('price')}
        />
        <Button type="submit" mt={25} loading={save.isPending}>
          Save price
        </Button>
      </Group>
    </form>
  );
};

/** The newest prices as a line (oldest on the left), with the figures in a table for screen readers. */
const PriceChart = ({ productId, name }: { productId: string; name: string }) => {
  const prices = useProductPrices(productId, { page: 1, limit: CHART_POINTS });
  if (prices.isPending) return <Skeleton h={200} radius="md" aria-label="Loading the price chart" />;
  if (prices.isError || prices.data.items.length < 2) return null;
  const points = [...prices.data.items].reverse();
  // For plotting only: the figures people read (tooltip, table) come from the strings.
  const data = points.map((point) => ({ date: usDate(point.date), price: Number(point.price) }));
  return (
    <>
      <div aria-hidden="true">
        <LineChart
          h={200}
          data={data}
          dataKey="date"
          series={[{ name: 'price', label: 'Price', color: 'brand.6' }]}
          curveType="linear"
          withDots={points.length <= 40}
          gridAxis="y"
          valueFormatter={(value) => formatPrice(value.toFixed(2))}
          yAxisProps={{ width: 72, domain: ['auto', 'auto'] }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24, padding: { left: 8, right: 24 } }}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>Prices of {name}, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <td>{usDate(point.date)}</td>
                <td>{formatPrice(point.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
};

type PriceHistoryProps = { product: ProductItem; canWrite: boolean; canDelete: boolean };

/** A product's prices: the chart, adding one, and the table newest first (paged) with delete. */
export const PriceHistory = ({ product, canWrite, canDelete }: PriceHistoryProps) => {
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<string | null>(null);
  const prices = useProductPrices(product.id, { page, limit: PAGE_SIZE });
  const remove = useDeleteProductPrice();

  if (product.productType === 'CASH') {
    return (
      <Text size="sm" c="dimmed">
        A cash product is worth $1.00 a unit on every date: it has no price history.
      </Text>
    );
  }

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { productId: product.id, date: deleting },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          setDeleting(null);
        },
        onError: (error) => {
          notifyError(errorMessage(error));
          setDeleting(null);
        },
      },
    );
  };

  const total = prices.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Stack gap="md">
      <PriceChart productId={product.id} name={product.name} />
      {canWrite && <AddPriceForm productId={product.id} />}
      {prices.isError ? (
        <ErrorState
          message={errorMessage(prices.error)}
          onRetry={() => void prices.refetch()}
          retrying={prices.isFetching}
        />
      ) : prices.isPending ? (
        <Skeleton h={160} radius="md" aria-label="Loading prices" />
      ) : total === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          No prices yet. {canWrite ? 'Add one above, or import a price file.' : ''}
        </Text>
      ) : (
        <>
          <Table verticalSpacing={6} aria-label={`Prices of ${product.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Price</Table.Th>
                {canDelete && <RowActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prices.data.items.map((price) => (
                <Table.Tr key={price.date}>
                  <Table.Td>{usDate(price.date)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatPrice(price.price)}</Table.Td>
                  {canDelete && (
                    <RowActionsCell
                      name={`the price of ${usDate(price.date)}`}
                      actions={[deleteAction(() => setDeleting(price.date))]}
                    />
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {pages > 1 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {total} prices
              </Text>
              <Pagination total={pages} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </>
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        Delete the price of {product.name} on {deleting ? usDate(deleting) : ''}? Values on that date will use
        the price before it.
      </ConfirmDeleteModal>
    </Stack>
  );
};
