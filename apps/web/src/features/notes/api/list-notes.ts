import {
  type DashboardDuration,
  NOTES_PAGE_SIZE,
  type Note,
  type NoteCategory,
  noteSchema,
  type NoteType,
} from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type NotePage = { items: Note[]; total: number };

/** A household's notes page: its filters only when set. */
export type HouseholdNotesParams = {
  clientId: string;
  page: number;
  category?: NoteCategory | undefined;
  authorId?: string | undefined;
  search?: string | undefined;
  /** Only the notes of a type (a tab's own: MANAGED_ACCOUNTS). */
  type?: NoteType | undefined;
};

const pageOf = (response: { result: Note[]; totalResults?: number }): NotePage => ({
  items: response.result,
  total: response.totalResults ?? response.result.length,
});

/** GET /api/clients/:clientId/notes: pinned first then newest, 10 a page. */
export const listHouseholdNotes = async (
  { clientId, ...filters }: HouseholdNotesParams,
  signal?: AbortSignal,
): Promise<NotePage> =>
  pageOf(
    await api.get(`/clients/${encodeURIComponent(clientId)}/notes`, {
      query: { ...filters, limit: NOTES_PAGE_SIZE },
      schema: z.array(noteSchema),
      ...(signal ? { signal } : {}),
    }),
  );

export const householdNotesQueryOptions = (params: HouseholdNotesParams) =>
  queryOptions({
    queryKey: queryKeys.notes.list(params.clientId, params),
    queryFn: ({ signal }) => listHouseholdNotes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useHouseholdNotes = (params: HouseholdNotesParams) =>
  useQuery(householdNotesQueryOptions(params));

/** A record's notes: the API path (`/prospects/<id>/notes`) and the cache scope (`prospect:<id>`). */
export type NotesSource = { path: string; scope: string };

/** A record's notes (a prospect's, a workflow request's), pinned first then newest, 10 a page. */
export const useRecordNotes = ({ path, scope }: NotesSource, page: number) =>
  useQuery({
    queryKey: queryKeys.notes.list(scope, { page }),
    queryFn: async ({ signal }) =>
      pageOf(
        await api.get(path, {
          query: { page, limit: NOTES_PAGE_SIZE },
          schema: z.array(noteSchema),
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type DashboardNotesParams = { duration: DashboardDuration; page: number };

/** GET /api/notes: the notes created in the period, pinned first then newest, 10 a page. */
export const listDashboardNotes = async (
  params: DashboardNotesParams,
  signal?: AbortSignal,
): Promise<NotePage> =>
  pageOf(
    await api.get('/notes', {
      query: { ...params, limit: NOTES_PAGE_SIZE },
      schema: z.array(noteSchema),
      ...(signal ? { signal } : {}),
    }),
  );

export const dashboardNotesQueryOptions = (params: DashboardNotesParams) =>
  queryOptions({
    queryKey: queryKeys.notes.list('dashboard', params),
    queryFn: ({ signal }) => listDashboardNotes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDashboardNotes = (params: DashboardNotesParams) =>
  useQuery(dashboardNotesQueryOptions(params));
