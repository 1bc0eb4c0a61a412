import { billRowSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Whose live bills: a unit's (its tab 7) or an account's (its tab 4). */
export type LiveBillsOwner = { kind: 'unit'; clientId: string } | { kind: 'account'; accountId: string };

const pathOf = (owner: LiveBillsOwner) =>
  owner.kind === 'unit'
    ? `/billing/households/${encodeURIComponent(owner.clientId)}/live-bills`
    : `/billing/accounts/${encodeURIComponent(owner.accountId)}/live-bills`;

/**
 * GET /api/billing/households/:clientId/live-bills or GET /api/billing/accounts/:accountId/live-bills: the
 * live bills, first to last.
 */
export const listLiveBills = async (owner: LiveBillsOwner, signal?: AbortSignal) =>
  (
    await api.get(pathOf(owner), {
      schema: z.array(billRowSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useLiveBills = (owner: LiveBillsOwner) =>
  useQuery({
    queryKey:
      owner.kind === 'unit'
        ? queryKeys.billRuns.unitLiveBills(owner.clientId)
        : queryKeys.billRuns.accountLiveBills(owner.accountId),
    queryFn: ({ signal }) => listLiveBills(owner, signal),
  });
