import { type ProductPriceBody, productPriceItemSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type SaveProductPriceVariables = { productId: string; body: ProductPriceBody };

/** PUT /api/products/:id/prices/:date: the price of that date, added or replaced. */
export const saveProductPrice = async ({ productId, body }: SaveProductPriceVariables) => {
  const response = await api.put(
    `/products/${productId}/prices/${body.date}`,
    { price: body.price },
    { schema: productPriceItemSchema },
  );
  return { item: response.result, message: response.message };
};

/** The product's prices, and the lists (which show the newest price). */
export const invalidatePrices = (queryClient: ReturnType<typeof useQueryClient>, productId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.products.prices(productId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.products.lists() }),
  ]);

export const useSaveProductPrice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProductPrice,
    onSettled: (_answer, _error, { productId }) => invalidatePrices(queryClient, productId),
  });
};
