import type { ProductExportFormat } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob, buildUrl } from '../../../lib/api-client.ts';
import type { ProductsQuery } from './list-products.ts';

export type ProductExportRequest = Omit<ProductsQuery, 'page' | 'limit'> & { format: ProductExportFormat };

/** GET /api/products/export?format=csv|xlsx with the list's filters and order: every match, saved as a file. */
export const exportProducts = async (request: ProductExportRequest) => {
  const blob = await apiFetchBlob(buildUrl('/products/export', request));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `products-${new Date().toISOString().slice(0, 10)}.${request.format}`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
};

export const useExportProducts = () => useMutation({ mutationFn: exportProducts });
