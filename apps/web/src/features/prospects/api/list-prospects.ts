import {
  type LeadStatus,
  type ProspectActivityStatus,
  prospectRowSchema,
  type ProspectSortKey,
  prospectStatisticsSchema,
} from '@centric/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiDownload, buildUrl } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ProspectsRequest = {
  page: number;
  limit: number;
  sortBy: ProspectSortKey;
  order: 'ASC' | 'DESC';
  search?: string | undefined;
  leadStatus?: LeadStatus | undefined;
  activityStatus?: ProspectActivityStatus | undefined;
  businessDeveloperId?: string | undefined;
  wealthAdvisorId?: string | undefined;
};

/** GET /api/prospects: one page of prospects and the total. */
export const listProspects = async (query: ProspectsRequest, signal?: AbortSignal) => {
  const response = await api.get('/prospects', {
    query,
    schema: z.array(prospectRowSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const prospectsQueryOptions = (query: ProspectsRequest) =>
  queryOptions({
    queryKey: queryKeys.prospects.list(query),
    queryFn: ({ signal }) => listProspects(query, signal),
    placeholderData: keepPreviousData,
  });

export const useProspects = (query: ProspectsRequest) => useQuery(prospectsQueryOptions(query));

/** GET /api/prospects/statistics: the figures on top of the screen. */
export const useProspectStatistics = () =>
  useQuery({
    queryKey: queryKeys.prospects.statistics(),
    queryFn: async ({ signal }) =>
      (await api.get('/prospects/statistics', { schema: prospectStatisticsSchema, signal })).result,
  });

export type ProspectsExportRequest = Omit<ProspectsRequest, 'page' | 'limit'> & { format: 'csv' | 'xlsx' };

/** GET /api/prospects/export?format=csv|xlsx with the list's filters and order: every row. */
export const useExportProspects = () =>
  useMutation({
    mutationFn: (request: ProspectsExportRequest) =>
      apiDownload(buildUrl('/prospects/export', request), `prospects.${request.format}`),
  });
