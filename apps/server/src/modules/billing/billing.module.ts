import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Alerts } from '../../platform/alerts.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { registerAccountPayeesRoutes } from './account-payees.routes.ts';
import { createAdjustmentsService } from './adjustments.service.ts';
import { createBillExportsService } from './bill-exports.service.ts';
import { registerBillOutputsRoutes } from './bill-outputs.routes.ts';
import { createBillReportsService } from './bill-reports.service.ts';
import { registerBillRunsRoutes } from './bill-runs.routes.ts';
import { createBillRunsService } from './bill-runs.service.ts';
import { createAccountPayeesService } from './account-payees.service.ts';
import type { BillingInputs, createBillingInputs } from './billing-inputs.ts';
import type { BillingReadiness } from './billing-readiness.ts';
import { saveBillingSettings } from './billing-settings.ts';
import { registerBillingSetupRoutes } from './billing-setup.routes.ts';
import { createBillingSetupService } from './billing-setup.service.ts';
import { registerExclusionsRoutes } from './exclusions.routes.ts';
import { createExclusionsService } from './exclusions.service.ts';
import { registerCashFlowsRoutes } from './cashflows.routes.ts';
import { createCashFlowsService } from './cashflows.service.ts';
import { registerPlanningFeesRoutes } from './planning-fees.routes.ts';
import { createPlanningFeesService } from './planning-fees.service.ts';

/**
 * Billing (issues 14–15): the setup of units and accounts with their readiness. The readiness rule set is made
 * in app.ts (the accounts' changes and the daily sweep run it too) and handed in.
 */
export const registerBillingModule = (
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    today: FirmToday;
    secrets: SecretBox;
    billingReadiness: BillingReadiness;
    billingInputs: BillingInputs;
    accounts: Parameters<typeof createBillingInputs>[0]['accounts'];
    jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
    alerts: Pick<Alerts, 'raiseAlert' | 'resolveAlerts'>;
  },
) => {
  const inputs = deps.billingInputs;
  const billing = createBillingSetupService({ ...deps, readiness: deps.billingReadiness, inputs });
  registerBillingSetupRoutes(app, { billing, today: deps.today, clock: deps.clock });
  const exclusions = createExclusionsService({ ...deps, readiness: deps.billingReadiness });
  registerExclusionsRoutes(app, { exclusions });
  registerCashFlowsRoutes(app, {
    cashFlows: createCashFlowsService({ ...deps, readiness: deps.billingReadiness }),
    today: deps.today,
    clock: deps.clock,
  });
  registerPlanningFeesRoutes(app, { planningFees: createPlanningFeesService(deps) });
  registerAccountPayeesRoutes(app, { accountPayees: createAccountPayeesService(deps) });
  const billRuns = createBillRunsService(deps);
  registerBillRunsRoutes(app, { billRuns });
  registerBillOutputsRoutes(app, {
    ...deps,
    billRuns,
    adjustments: createAdjustmentsService(deps),
    exports: createBillExportsService(deps),
    reports: createBillReportsService(deps),
    saveSettings: saveBillingSettings(deps),
  });
};
