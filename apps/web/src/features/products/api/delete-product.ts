import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/products/:id (its prices go with it; 409 when accounts hold it). */
export const deleteProduct = async (id: string) => {
  const response = await api.delete(`/products/${id}`);
  return { message: response.message };
};

export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.products.prices(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.assetClasses() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lookups.productOptionLists() }),
      ]);
    },
  });
};
