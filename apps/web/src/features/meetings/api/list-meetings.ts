import { type Meeting, type MeetingStatus, meetingSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Spec §9: lists show 10 a page. */
export const MEETINGS_PAGE_SIZE = 10;

export type MeetingListParams = {
  /** A household's meetings (GET /api/clients/:clientId/meetings); otherwise the firm's. */
  clientId?: string | undefined;
  status?: MeetingStatus | undefined;
  /** Only the meetings this user attends. */
  attendeeId?: string | undefined;
  order: 'ASC' | 'DESC';
  page: number;
};

export type MeetingPage = { items: Meeting[]; total: number };

export const listMeetings = async (params: MeetingListParams, signal?: AbortSignal): Promise<MeetingPage> => {
  const { clientId, ...filters } = params;
  const response = await api.get(clientId ? `/clients/${clientId}/meetings` : '/meetings', {
    query: { ...filters, limit: MEETINGS_PAGE_SIZE, sortBy: 'startsAt' },
    schema: z.array(meetingSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const meetingsQueryOptions = (params: MeetingListParams) =>
  queryOptions({
    queryKey: queryKeys.meetings.list(params.clientId ?? 'all', params),
    queryFn: ({ signal }) => listMeetings(params, signal),
    placeholderData: keepPreviousData,
  });

export const useMeetings = (params: MeetingListParams) => useQuery(meetingsQueryOptions(params));
