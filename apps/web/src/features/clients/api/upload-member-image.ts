import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES, memberDetailSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';
import { keepMember } from './cache.ts';
import { clientKeys } from './query-keys.ts';

const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Client-side check before the upload (the server checks again): .jpg, .jpeg, .png up to 15 MB. */
export const isAcceptedMemberImage = (file: File): boolean => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (
    (PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type) &&
    (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension) &&
    file.size > 0 &&
    file.size <= PROFILE_IMAGE_MAX_BYTES
  );
};

export type UploadMemberImageVariables = { clientId: string; memberId: string; file: File };

/** PUT /api/clients/:clientId/members/:memberId/profile-image, multipart field `file` (clients write): the member. */
export const uploadMemberImage = ({ clientId, memberId, file }: UploadMemberImageVariables) =>
  apiUpload(
    `/clients/${encodeURIComponent(clientId)}/members/${encodeURIComponent(memberId)}/profile-image`,
    file,
    { method: 'PUT', schema: memberDetailSchema },
  );

/** Keeps the answer as the member (in its household's detail too); the list shows members' pictures. */
export const useUploadMemberImage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMemberImage,
    onSuccess: ({ result }) => {
      keepMember(queryClient, result);
      return queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
};
