import type { ProductExportFormat } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, buildUrl } from '../../../lib/api-client.ts';
import type { ProductsQuery } from './list-products.ts';

export type ProductExportRequest = Omit<ProductsQuery, 'page' | 'limit'> & { format: ProductExportFormat };

/** GET /api/products/export?format=csv|xlsx with the list's filters and order: every match, saved as a file. */
export const exportProducts = async (request: ProductExportRequest) => {
  await apiDownload(buildUrl('/products/export', request), `products.${request.format}`);
};

export const useExportProducts = () => useMutation({ mutationFn: exportProducts });
