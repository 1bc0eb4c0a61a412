import { type MasterDataItemInput, masterDataItemResultSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateMasterData } from './cache.ts';
import { collectionPath, type MasterDataListRef } from './master-data-paths.ts';

/** POST /api/master-data/:type (or a value's sub-items): 'Value added successfully.' */
export const createMasterDataItem = ({
  ref,
  values,
}: {
  ref: MasterDataListRef;
  values: MasterDataItemInput;
}) => api.post(collectionPath(ref), values, { schema: masterDataItemResultSchema });

export const useCreateMasterDataItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMasterDataItem,
    onSuccess: (_data, { ref }) => invalidateMasterData(queryClient, ref.type),
  });
};
