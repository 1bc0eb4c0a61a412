import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateMasterData } from './cache.ts';
import { itemPath, type MasterDataListRef } from './master-data-paths.ts';

/** DELETE /api/master-data/:type/:id (or a sub-item); 409 says where a value in use is used. */
export const deleteMasterDataItem = ({ ref, id }: { ref: MasterDataListRef; id: number }) =>
  api.delete(itemPath(ref, id));

export const useDeleteMasterDataItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMasterDataItem,
    onSuccess: (_data, { ref }) => invalidateMasterData(queryClient, ref.type),
  });
};
