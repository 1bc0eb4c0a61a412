import { memberDetailSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';
import { keepMember } from './cache.ts';
import { clientKeys } from './query-keys.ts';

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
