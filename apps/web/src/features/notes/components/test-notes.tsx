import type { Note } from '@centric/contracts';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, permissions } from '../../../test/render.tsx';

/** Test data only: a household note as the notes API answers it. */
export const noteFixture = (overrides: Partial<Note> & Pick<Note, 'id'>): Note => ({
  html: '<p>Called about the roll-over.</p>',
  text: 'Called about the roll-over.',
  category: 'GENERAL',
  type: 'NONE',
  subType: null,
  isPinned: false,
  isSystemGenerated: false,
  author: { id: 'u-ann', fullName: 'Ann Lee', profileImageUrl: null },
  createdAt: '2026-03-04T19:15:00.000Z',
  editedAt: null,
  attachments: [],
  households: [{ id: 'c-1', name: 'Carter Household' }],
  workflowRequest: null,
  mentionedUsers: [],
  canEdit: true,
  canDelete: true,
  canPin: true,
  ...overrides,
});

/** The notes tests' fetch stub: the shared one, answering by a function of the call (a list per page and filter). */
export { stubApi as stubNotesApi, type Call } from '../../../test/stub-api.ts';

/** Signs in a user who may do everything, or who may read notes but not write them. */
export const signIn = ({ readOnlyNotes = false }: { readOnlyNotes?: boolean } = {}) =>
  startFullSession({
    token: 'full-token',
    sso: false,
    user: makeUser({
      userPermission: permissions().map((entry) =>
        entry.feature === 'notes' && readOnlyNotes ? { ...entry, write: false, delete: false } : entry,
      ),
    }),
  });
