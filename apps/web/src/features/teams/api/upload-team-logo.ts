import { TEAM_LOGO_MAX_BYTES, TEAM_LOGO_TYPES, teamLogoResultSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What the server will refuse anyway: 'format' (not jpg/jpeg/png) or 'size' (over 512 KB); null if fine. */
export const teamLogoProblem = (file: File): 'format' | 'size' | null => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (TEAM_LOGO_TYPES as readonly string[]).includes(file.type);
  if (!typeOk || !['jpg', 'jpeg', 'png'].includes(extension) || file.size === 0) return 'format';
  return file.size > TEAM_LOGO_MAX_BYTES ? 'size' : null;
};

/** PUT /api/teams/:id/logo, multipart field `file` (the server checks the type by content). */
export const uploadTeamLogo = ({ teamId, file }: { teamId: number; file: File }) =>
  apiUpload(`/teams/${teamId}/logo`, file, { method: 'PUT', schema: teamLogoResultSchema });

export const useUploadTeamLogo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTeamLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teams.all }),
  });
};
