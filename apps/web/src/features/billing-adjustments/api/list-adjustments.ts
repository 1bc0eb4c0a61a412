import { adjustmentSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Whose adjustments: a unit's (every account of it) or one account's. */
export type AdjustmentsOwner = { kind: 'unit'; clientId: string } | { kind: 'account'; accountId: string };

const queryOf = (owner: AdjustmentsOwner) =>
  owner.kind === 'unit' ? { clientId: owner.clientId } : { accountId: owner.accountId };

/** GET /api/billing/adjustments?clientId=…|accountId=… (billingInstances read): newest first, with what is left. */
export const listAdjustments = async (owner: AdjustmentsOwner, signal?: AbortSignal) =>
  (
    await api.get('/billing/adjustments', {
      query: queryOf(owner),
      schema: z.array(adjustmentSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const adjustmentsQueryOptions = (owner: AdjustmentsOwner) =>
  queryOptions({
    queryKey: queryKeys.billing.adjustments(queryOf(owner)),
    queryFn: ({ signal }) => listAdjustments(owner, signal),
  });

export const useAdjustments = (owner: AdjustmentsOwner) => useQuery(adjustmentsQueryOptions(owner));
