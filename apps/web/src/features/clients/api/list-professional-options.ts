import { otherProfessionalItemSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PROFESSIONAL_OPTIONS_LIMIT = 20;

/** GET /api/other-professionals?search=…: professionals for a picker (otherProfessionals read). */
export const listProfessionalOptions = async (search: string, signal?: AbortSignal) =>
  (
    await api.get('/other-professionals', {
      query: { search, limit: PROFESSIONAL_OPTIONS_LIMIT, page: 1, sortBy: 'fullName', order: 'ASC' },
      schema: z.array(otherProfessionalItemSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useProfessionalOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.otherProfessionals.options(search),
    queryFn: ({ signal }) => listProfessionalOptions(search, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
