import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The clients area's entry of the query-key registry (lib/query-keys.ts), under the name this feature's
 * hooks use: a save anywhere (wizard, detail, list) invalidates what it changed; `clientKeys.all` refreshes
 * every clients query.
 */
export const clientKeys = queryKeys.clients;
