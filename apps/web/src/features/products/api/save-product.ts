import { type ProductBody, productItemSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type SaveProductVariables = {
  /** Absent: a new product. */
  id?: string | undefined;
  body: ProductBody;
};

/** POST /api/products (new) or PATCH /api/products/:id (every field). */
export const saveProduct = async ({ id, body }: SaveProductVariables) => {
  const response = id
    ? await api.patch(`/products/${id}`, body, { schema: productItemSchema })
    : await api.post('/products', body, { schema: productItemSchema });
  return { item: response.result, message: response.message };
};

/** The lists show the product; the asset classes count their products. */
export const useSaveProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.assetClasses() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lookups.productOptionLists() }),
      ]),
  });
};
