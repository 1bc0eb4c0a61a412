import type { BillDetail, BillRun } from '@centric/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/**
 * What a run's write changed: the run itself (kept from the answer), the runs list, the run's bills and
 * units, the bills' explanations (their status), the units' and accounts' live bills, the run's checks,
 * exports and differences, and billing's views (readiness's "already billed", payout payments counted on lock).
 */
export const keepRun = (queryClient: QueryClient, run: BillRun) => {
  queryClient.setQueryData(queryKeys.billRuns.detail(run.id), run);
  return invalidateKeys(queryClient, [
    queryKeys.billRuns.lists(),
    queryKeys.billRuns.runBills(run.id),
    queryKeys.billRuns.runUnits(run.id),
    queryKeys.billRuns.bills(),
    queryKeys.billRuns.liveBills(),
    queryKeys.billRuns.runOutputs(run.id),
    queryKeys.billing.all,
  ]);
};

/**
 * A write whose answer is not the run (an export, a confirmation file): the run is asked for again (its stage),
 * with everything keepRun refreshes.
 */
export const refreshRun = (queryClient: QueryClient, runId: string) =>
  invalidateKeys(queryClient, [
    queryKeys.billRuns.detail(runId),
    queryKeys.billRuns.lists(),
    queryKeys.billRuns.runBills(runId),
    queryKeys.billRuns.runUnits(runId),
    queryKeys.billRuns.bills(),
    queryKeys.billRuns.liveBills(),
    queryKeys.billRuns.runOutputs(runId),
    queryKeys.billing.all,
  ]);

/**
 * What a bill's write changed: the bill (kept), its run's figures, bills, units, checks and differences, the
 * live bills.
 */
export const keepBill = (queryClient: QueryClient, bill: BillDetail) => {
  queryClient.setQueryData(queryKeys.billRuns.bill(bill.id), bill);
  return invalidateKeys(queryClient, [
    queryKeys.billRuns.lists(),
    queryKeys.billRuns.detail(bill.runId),
    queryKeys.billRuns.runBills(bill.runId),
    queryKeys.billRuns.runUnits(bill.runId),
    queryKeys.billRuns.liveBills(),
    queryKeys.billRuns.runOutputs(bill.runId),
    queryKeys.billing.all,
  ]);
};
