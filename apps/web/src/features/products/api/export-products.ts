import type { ProductExportFormat } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob, buildUrl } from '../../../lib/api-client.ts';
import type { ProductsQuery } from './list-products.ts';
import { saveBlob } from '../../../lib/save-file.ts';

export type ProductExportRequest = Omit<ProductsQuery, 'page' | 'limit'> & { format: ProductExportFormat };

/** GET /api/products/export?format=csv|xlsx with the list's filters and order: every match, saved as a file. */
export const exportProducts = async (request: ProductExportRequest) => {
  const blob = await apiFetchBlob(buildUrl('/products/export', request));
  saveBlob(blob, `products-${new Date().toISOString().slice(0, 10)}.${request.format}`);
};

export const useExportProducts = () => useMutation({ mutationFn: exportProducts });
