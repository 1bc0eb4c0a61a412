import { useParams } from 'react-router';
import { BillRunView } from '../../../features/billing-runs/components/bill-run-view.tsx';
import { isAdministrator, usePermission } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/**
 * `/billing/billingInstances/{runId}?tab=bills&bill=…`: one bill run (billingInstances:read, checked by the
 * route guard), live while it runs; write takes its steps, an administrator unlocks it.
 */
export const BillingInstanceScreen = () => {
  const { runId = '' } = useParams();
  const canWrite = usePermission('billingInstances', 'write');
  const admin = isAdministrator(useCurrentUser());
  return <BillRunView key={runId} runId={runId} canWrite={canWrite} isAdministrator={admin} />;
};
