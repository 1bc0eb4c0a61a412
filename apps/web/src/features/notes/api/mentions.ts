import { mentionHouseholdSchema, mentionUserSchema } from '@centric/contracts';
import { z } from 'zod';
import type { MentionSearch } from '../../../components/note-editor/mention-suggestion.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * `@` suggestions: GET /api/notes/mention-users (at most 10 active users; on a household only those who may
 * open it). The editor debounces, caps and drops stale answers.
 */
export const mentionUsersSearch =
  (clientId: string | null): MentionSearch =>
  async (query, signal) => {
    const { result } = await api.get('/notes/mention-users', {
      query: { search: query.trim(), clientId },
      schema: z.array(mentionUserSchema),
      signal,
    });
    return result.map((user) => ({ id: user.id, label: user.fullName, sublabel: user.email }));
  };

/** `#` suggestions: GET /api/notes/mention-households (at most 10 by name). */
export const searchMentionHouseholds: MentionSearch = async (query, signal) => {
  const { result } = await api.get('/notes/mention-households', {
    query: { search: query.trim() },
    schema: z.array(mentionHouseholdSchema),
    signal,
  });
  return result.map((household) => ({ id: household.id, label: household.name }));
};
