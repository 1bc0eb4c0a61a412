import type { AuditLogEntry } from '../audit.ts';
import { auditNameKey } from '../audit-sentence.ts';

/**
 * Audit log entries for tests, shared by the contracts sentence tests and the web audit screen tests.
 * Tests import it as `@centric/contracts/test-fixtures`; the package index does not export it, so it never
 * reaches the app's bundle.
 */

/** The ids the entries refer to. */
export const AUDIT_IDS = {
  jordan: '11111111-1111-4111-8111-111111111111',
  ann: '22222222-2222-4222-8222-222222222222',
  household: '33333333-3333-4333-8333-333333333333',
  vance: '44444444-4444-4444-8444-444444444444',
  ortiz: '55555555-5555-4555-8555-555555555555',
} as const;

/** The names the server resolves for those ids, and for roles 5 and 2 and teams 1 and 2. */
export const AUDIT_NAMES: Readonly<Record<string, string>> = {
  [auditNameKey('user', AUDIT_IDS.jordan)]: 'Jordan Hayes',
  [auditNameKey('user', AUDIT_IDS.ann)]: 'Ann Lee',
  [auditNameKey('role', 5)]: 'Operations',
  [auditNameKey('role', 2)]: 'Wealth Advisor',
  [auditNameKey('team', 1)]: 'Boston',
  [auditNameKey('team', 2)]: 'Denver',
  [auditNameKey('household', AUDIT_IDS.household)]: 'Lee Household',
  [auditNameKey('professional', AUDIT_IDS.vance)]: 'Eleanor Vance',
  [auditNameKey('professional', AUDIT_IDS.ortiz)]: 'Luis Ortiz',
};

/** An entry as GET /api/audit-logs answers it: Jordan Hayes updating the user Ann Lee, unless overridden. */
export const auditEntry = (overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: 1,
  occurredAt: '2026-11-24T10:00:00.000Z',
  actorId: AUDIT_IDS.jordan,
  actorEmail: 'jordan@centric.local',
  action: 'UPDATE',
  entity: 'user',
  entityId: AUDIT_IDS.ann,
  before: null,
  after: null,
  requestId: null,
  ip: null,
  names: AUDIT_NAMES,
  ...overrides,
});
