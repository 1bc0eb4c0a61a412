/**
 * Query keys of the clients feature, in one place so that a save anywhere (wizard, detail, list) can
 * invalidate what it changed: `clientKeys.all` refreshes every clients query.
 */
export const clientKeys = {
  all: ['clients'] as const,
  lists: () => ['clients', 'list'] as const,
  list: (query: string) => ['clients', 'list', query] as const,
  detail: (clientId: string) => ['clients', 'detail', clientId] as const,
  drafts: () => ['clients', 'drafts'] as const,
  member: (clientId: string, memberId: string) => ['clients', 'member', clientId, memberId] as const,
  masterOptions: (type: string) => ['clients', 'master-options', type] as const,
};
