import {
  PRODUCT_MESSAGES,
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  type ProductExportFormat,
  type ProductItem,
} from '@centric/contracts';
import { Group, Select } from '@mantine/core';
import { IconChartCandle, IconFileImport, IconFileTypeCsv, IconFileTypeXls } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { IconLabelButton } from '../../../components/icon-label-button.tsx';
import { PagedList, usePagedList } from '../../../components/paged-list.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useExportProducts } from '../api/export-products.ts';
import { useAssetClasses } from '../api/get-asset-classes.ts';
import { useProducts } from '../api/list-products.ts';
import { useProductsParams } from '../hooks/use-products-params.ts';
import { PriceImportModal } from './price-import-modal.tsx';
import { ProductDrawer } from './product-drawer.tsx';
import { ProductFormModal } from './product-form-modal.tsx';
import { type ProductRights, ProductsTable } from './products-table.tsx';

const TYPE_OPTIONS = PRODUCT_TYPES.map((value) => ({ value, label: PRODUCT_TYPE_LABELS[value] }));

const EXPORTS = [
  { format: 'csv', label: 'Export CSV', Icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'Export XLSX', Icon: IconFileTypeXls },
] as const satisfies readonly { format: ProductExportFormat; label: string; Icon: typeof IconFileTypeCsv }[];

type ProductsManagerProps = { rights: ProductRights };

/**
 * /products: search (name, symbol, CUSIP), type and asset class filters, sortable columns, paging, exports;
 * add, edit, delete; a product's prices in a drawer; importing a price file.
 */
export const ProductsManager = ({ rights }: ProductsManagerProps) => {
  const { state, update } = useProductsParams();
  const list = usePagedList(state, update, ['productType', 'assetClassId']);
  const products = useProducts(list.query);
  const assetClasses = useAssetClasses();
  const exporter = useExportProducts();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<ProductItem | 'new' | null>(null);
  const [opened, setOpened] = useState<ProductItem | null>(null);
  const [deleting, setDeleting] = useState<ProductItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  // The drawer shows the product as the list has it now (a saved edit, a new newest price).
  const shown = opened ? (products.data?.items.find((item) => item.id === opened.id) ?? opened) : null;

  const askDelete = (item: ProductItem) => {
    setDeleteError(null);
    setDeleting(item);
  };
  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };
  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message || PRODUCT_MESSAGES.deleted);
        if (opened?.id === deleting.id) setOpened(null);
        closeDelete();
      },
      onError: (error) => {
        // Held in accounts (409) or gone: said in the confirmation, the product left as it is.
        if (isApiError(error) && (error.status === 409 || error.status === 404))
          setDeleteError(error.message);
        else {
          notifyError(errorMessage(error));
          closeDelete();
        }
      },
    });
  };

  const handleExport = (format: ProductExportFormat) =>
    exporter.mutate(
      {
        format,
        sortBy: state.sortBy,
        order: state.order,
        search: state.search || undefined,
        productType: state.productType || undefined,
        assetClassId: state.assetClassId || undefined,
      },
      { onError: (error) => notifyError(errorMessage(error)) },
    );

  const classOptions = (assetClasses.data ?? []).map((item) => ({
    value: item.id,
    label: `${item.assetClass} · ${item.assetCategory}`,
  }));

  return (
    <>
      <Group justify="flex-end" gap="sm" mt={-8}>
        {EXPORTS.map(({ format, label, Icon }) => (
          <IconLabelButton
            key={format}
            label={label}
            icon={Icon}
            labelFrom="lg"
            variant="default"
            loading={exporter.isPending && exporter.variables?.format === format}
            onClick={() => handleExport(format)}
          />
        ))}
        {rights.canWrite && (
          <IconLabelButton
            label="Import prices"
            icon={IconFileImport}
            labelFrom="sm"
            variant="light"
            onClick={() => setImporting(true)}
          />
        )}
      </Group>
      <PagedList
        list={list}
        query={products}
        searchBox={{ label: 'Search products', placeholder: 'Name, symbol or CUSIP' }}
        filters={
          <>
            <Select
              aria-label="Product type"
              placeholder="All types"
              data={TYPE_OPTIONS}
              value={state.productType || null}
              onChange={(value) => update({ productType: value ?? '', pageNo: '1' })}
              clearable
              w={160}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label="Asset class"
              placeholder="All asset classes"
              data={classOptions}
              value={state.assetClassId || null}
              onChange={(value) => update({ assetClassId: value ?? '', pageNo: '1' })}
              clearable
              searchable
              w={260}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        }
        noun={['product', 'products']}
        add={rights.canWrite ? { label: 'Add product', onClick: () => setEditing('new') } : undefined}
        loadingLabel="Loading products..."
        empty={{
          icon: <IconChartCandle size={28} aria-hidden="true" />,
          title: 'No products yet',
          description: 'Securities, funds, bonds and cash that accounts hold appear here, with their prices.',
        }}
        noMatch={{
          title: 'No products match',
          description: 'Try another name, symbol or CUSIP, or clear the filters.',
        }}
      >
        {(items) => (
          <ProductsTable
            items={items}
            sort={list.sort}
            onSort={list.handleSort}
            rights={rights}
            onOpen={setOpened}
            onEdit={setEditing}
            onDelete={askDelete}
          />
        )}
      </PagedList>

      <ProductFormModal target={editing} onClose={() => setEditing(null)} />
      <ProductDrawer product={shown} rights={rights} onClose={() => setOpened(null)} />
      <PriceImportModal opened={importing} onClose={() => setImporting(false)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        error={deleteError}
        onConfirm={handleDelete}
        onClose={closeDelete}
      >
        Delete {deleting?.name}? Its prices are deleted with it. This cannot be undone.
      </ConfirmDeleteModal>
    </>
  );
};
