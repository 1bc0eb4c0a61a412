import { priceImportResultSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ImportPricesVariables = { file: File; dryRun: boolean };

/** POST /api/products/prices/import (multipart `file`); dryRun answers the preview and writes nothing. */
export const importPrices = async ({ file, dryRun }: ImportPricesVariables) => {
  const response = await apiUpload(`/products/prices/import${dryRun ? '?dryRun=true' : ''}`, file, {
    schema: priceImportResultSchema,
  });
  return { result: response.result, message: response.message };
};

/** An import (not a preview) changes prices: every product's prices and the lists' newest price. */
export const useImportPrices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPrices,
    onSuccess: (_answer, { dryRun }) =>
      dryRun ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
};
