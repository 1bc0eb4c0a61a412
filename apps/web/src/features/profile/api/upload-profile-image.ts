import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiUpload } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys, userViewKeys } from '../../../lib/query-keys.ts';

const uploadResultSchema = z.object({ profileImageUrl: z.string() });

/** PUT /api/waprofile/image, multipart field `file`. */
export const uploadProfileImage = (file: File) =>
  apiUpload('/waprofile/image', file, { method: 'PUT', schema: uploadResultSchema });

export const useUploadProfileImage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    // The new picture shows in the user's own details and wherever other areas show users.
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.profile.me(), ...userViewKeys()]),
  });
};
