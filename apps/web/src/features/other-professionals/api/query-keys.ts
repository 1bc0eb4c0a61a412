/** Query keys of the other-professionals feature; `all` refreshes every one of its queries. */
export const otherProfessionalKeys = {
  all: ['other-professionals'] as const,
  lists: () => ['other-professionals', 'list'] as const,
  states: () => ['other-professionals', 'states'] as const,
  householdSearch: (search: string) => ['other-professionals', 'household-search', search] as const,
};

/**
 * The household detail shows its professionals: its queries start with this key (clients feature,
 * api/query-keys.ts), refreshed here by value since features do not import each other.
 */
export const CLIENT_DETAIL_KEY_PREFIX = ['clients', 'detail'] as const;
