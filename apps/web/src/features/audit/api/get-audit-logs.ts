import { auditLogEntrySchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiDownload, buildUrl } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The whole trail (feature auditLogs) or its billing part (/billing/alllogs, feature billingLogs). */
export type AuditScope = 'audit' | 'billing';

const pathOf = (scope: AuditScope) => (scope === 'audit' ? '/audit-logs' : '/billing-logs');

export type AuditLogFilters = {
  page: number;
  limit: number;
  actor?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The billing log of one unit or one account (its Logs tab). */
  clientId?: string | undefined;
  accountId?: string | undefined;
};

const toQuery = (filters: Partial<AuditLogFilters>) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

/** GET /api/audit-logs (or /api/billing-logs): one page of the trail, newest first. */
export const getAuditLogs = async (scope: AuditScope, filters: AuditLogFilters) => {
  const response = await api.get(pathOf(scope), {
    query: toQuery(filters),
    schema: z.array(auditLogEntrySchema),
  });
  return { rows: response.result, total: response.totalResults ?? response.result.length };
};

export const auditLogsQueryOptions = (scope: AuditScope, filters: AuditLogFilters) =>
  queryOptions({
    queryKey: queryKeys.audit.list(scope, filters),
    queryFn: () => getAuditLogs(scope, filters),
    placeholderData: keepPreviousData,
  });

export const useAuditLogs = (scope: AuditScope, filters: AuditLogFilters) =>
  useQuery(auditLogsQueryOptions(scope, filters));

/** Downloads the filtered trail as CSV (the server records the export in the trail itself). */
export const downloadAuditLogCsv = async (scope: AuditScope, filters: AuditLogFilters) => {
  const { page: _page, limit: _limit, ...rest } = filters;
  await apiDownload(
    buildUrl(pathOf(scope), { ...toQuery(rest), format: 'csv' }),
    `centric-${scope === 'audit' ? 'audit' : 'billing'}-log.csv`,
  );
};
