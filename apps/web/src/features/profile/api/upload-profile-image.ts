import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiUpload } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys, userViewKeys } from '../../../lib/query-keys.ts';

const uploadResultSchema = z.object({ profileImageUrl: z.string() });

const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Client-side check before the upload (the server checks again): jpg, jpeg, png up to 15 MB. */
export const isAcceptedProfileImage = (file: File): boolean => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type);
  const extensionOk = (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension);
  return typeOk && extensionOk && file.size > 0 && file.size <= PROFILE_IMAGE_MAX_BYTES;
};

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
