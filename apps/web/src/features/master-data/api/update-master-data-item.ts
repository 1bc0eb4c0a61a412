import { type MasterDataItemInput, masterDataItemResultSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateMasterData } from './cache.ts';
import { itemPath, type MasterDataListRef } from './master-data-paths.ts';

/** PATCH /api/master-data/:type/:id (or a sub-item): 'Value updated successfully.' */
export const updateMasterDataItem = ({
  ref,
  id,
  values,
}: {
  ref: MasterDataListRef;
  id: number;
  values: MasterDataItemInput;
}) => api.patch(itemPath(ref, id), values, { schema: masterDataItemResultSchema });

export const useUpdateMasterDataItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMasterDataItem,
    onSuccess: (_data, { ref }) => invalidateMasterData(queryClient, ref.type, { renamed: true }),
  });
};
