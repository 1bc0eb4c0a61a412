import {
  type LeadStatus,
  type Prospect,
  type ProspectActivityFormValues,
  type ProspectFormValues,
  prospectSchema,
} from '@centric/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/prospects/:id: the prospect with its activities, newest first. */
export const useProspect = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.prospects.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get(`/prospects/${encodeURIComponent(id ?? '')}`, { schema: prospectSchema, signal }))
        .result,
    enabled: id !== null,
  });

/** A write answered the prospect: keep it, and refetch the lists and figures it shows in. */
const kept = (queryClient: QueryClient, prospect: Prospect) => {
  queryClient.setQueryData(queryKeys.prospects.detail(prospect.id), prospect);
  void queryClient.invalidateQueries({ queryKey: queryKeys.prospects.lists() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.prospects.statistics() });
};

const answer = async (request: Promise<{ result: Prospect; message: string }>) => {
  const { result, message } = await request;
  return { prospect: result, message };
};

/** POST /api/prospects (new) or PATCH /api/prospects/:id (its info, services and contact). */
export const useSaveProspect = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProspectFormValues }) =>
      answer(
        id
          ? api.patch(`/prospects/${encodeURIComponent(id)}`, body, { schema: prospectSchema })
          : api.post('/prospects', body, { schema: prospectSchema }),
      ),
    onSuccess: ({ prospect }) => kept(queryClient, prospect),
  });
};

/** PUT /api/prospects/:id/lead-status: the board's move. */
export const useMoveProspect = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, leadStatus }: { id: string; leadStatus: LeadStatus }) =>
      answer(
        api.put(
          `/prospects/${encodeURIComponent(id)}/lead-status`,
          { leadStatus },
          { schema: prospectSchema },
        ),
      ),
    onSuccess: ({ prospect }) => kept(queryClient, prospect),
  });
};

/** POST /api/prospects/:id/activity: log an activity. */
export const useAddProspectActivity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProspectActivityFormValues }) =>
      answer(api.post(`/prospects/${encodeURIComponent(id)}/activity`, body, { schema: prospectSchema })),
    onSuccess: ({ prospect }) => kept(queryClient, prospect),
  });
};

/** PUT /api/prospects/:id/profile-image, multipart field `file` (jpg, jpeg, png up to 15 MB). */
export const useUploadProspectImage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      answer(
        apiUpload(`/prospects/${encodeURIComponent(id)}/profile-image`, file, {
          method: 'PUT',
          schema: prospectSchema,
        }),
      ),
    onSuccess: ({ prospect }) => kept(queryClient, prospect),
  });
};
