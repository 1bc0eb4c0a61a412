import {
  MASTER_DATA_IMAGE_MAX_BYTES,
  MASTER_DATA_MESSAGES,
  type MasterDataType,
  masterDataItemResultSchema,
} from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';
import { invalidateMasterData } from './cache.ts';

const ACCEPTED = /\.(jpe?g|png)$/i;

/** Spec §5: jpg, jpeg, png up to 512 KB (the server checks again, by content). Null when acceptable. */
export const imageProblem = (file: File): string | null => {
  if (!ACCEPTED.test(file.name) || !['image/jpeg', 'image/png'].includes(file.type)) {
    return MASTER_DATA_MESSAGES.imageFormat;
  }
  if (file.size > MASTER_DATA_IMAGE_MAX_BYTES) return MASTER_DATA_MESSAGES.imageTooLarge;
  return null;
};

/** PUT /api/master-data/:type/:id/image, multipart field `file`. */
export const uploadMasterDataImage = ({ type, id, file }: { type: MasterDataType; id: number; file: File }) =>
  apiUpload(`/master-data/${type}/${id}/image`, file, { method: 'PUT', schema: masterDataItemResultSchema });

export const useUploadMasterDataImage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMasterDataImage,
    onSuccess: (_data, { type }) => invalidateMasterData(queryClient, type),
  });
};
