import { type AssetClassBody, assetClassItemSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/asset-classes: a new asset class, or a category of one that exists (addAssetCategory). */
export const createAssetClass = async (body: AssetClassBody) => {
  const response = await api.post('/asset-classes', body, { schema: assetClassItemSchema });
  return { item: response.result, message: response.message };
};

export const useCreateAssetClass = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssetClass,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.assetClasses() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lookups.assetCategories() }),
      ]),
  });
};
