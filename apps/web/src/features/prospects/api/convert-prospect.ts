import {
  householdProspectActivitySchema,
  type ProspectConversionBody,
  prospectConversionPreviewSchema,
  prospectConversionResultSchema,
} from '@centric/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/prospects/:id/conversion: what converting would move and fill, into a new household or (with a
 * household) into that one. Always fresh: counts and empty fields change with every note and edit.
 */
export const useConversionPreview = (id: string, clientId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.prospects.conversion(id, clientId),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/prospects/${encodeURIComponent(id)}/conversion`, {
          query: clientId ? { clientId } : {},
          schema: prospectConversionPreviewSchema,
          signal,
        })
      ).result,
    enabled,
    staleTime: 0,
  });

/** POST /api/prospects/:id/convert: the household it became (the same one when it already was converted). */
export const useConvertProspect = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ProspectConversionBody }) => {
      const { result, message } = await api.post(`/prospects/${encodeURIComponent(id)}/convert`, body, {
        schema: prospectConversionResultSchema,
      });
      return { result, message };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.prospects.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all });
    },
  });
};

/** GET /api/clients/:clientId/prospect-activities: the activities that came with its converted prospects. */
export const useHouseholdProspectActivities = (clientId: string) =>
  useQuery({
    queryKey: queryKeys.prospects.householdActivities(clientId),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/clients/${encodeURIComponent(clientId)}/prospect-activities`, {
          schema: z.array(householdProspectActivitySchema),
          signal,
        })
      ).result,
  });
