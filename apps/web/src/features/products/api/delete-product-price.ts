import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidatePrices } from './save-product-price.ts';

export type DeleteProductPriceVariables = { productId: string; date: string };

/** DELETE /api/products/:id/prices/:date */
export const deleteProductPrice = async ({ productId, date }: DeleteProductPriceVariables) => {
  const response = await api.delete(`/products/${productId}/prices/${date}`);
  return { message: response.message };
};

export const useDeleteProductPrice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductPrice,
    onSettled: (_answer, _error, { productId }) => invalidatePrices(queryClient, productId),
  });
};
