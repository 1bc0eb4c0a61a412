import { describe, expect, it } from 'vitest';
import {
  auditDetailText,
  auditFieldLabel,
  auditNameKey,
  auditSentence,
  auditValueText,
  permissionRowText,
} from './audit-sentence.ts';
import { AUDIT_IDS, AUDIT_NAMES as names, auditEntry as entry } from './test-fixtures/audit-entries.ts';

const { jordan: JORDAN, ann: ANN, household: HOUSEHOLD, vance: VANCE, ortiz: ORTIZ } = AUDIT_IDS;

describe('auditSentence', () => {
  it('says a change of role with the names of the user and both roles', () => {
    expect(auditSentence(entry({ before: { roleId: 5 }, after: { roleId: 2 } }))).toBe(
      'Jordan Hayes changed the role of Ann Lee from Operations to Wealth Advisor.',
    );
  });

  it('joins several changed fields in one sentence, with labels and team names', () => {
    expect(
      auditSentence(
        entry({
          before: { fullName: 'Ann Lee', teamIds: [1] },
          after: { fullName: 'Ann Lee-Park', teamIds: [1, 2] },
        }),
      ),
    ).toBe(
      'Jordan Hayes changed the name of Ann Lee from Ann Lee to Ann Lee-Park and the teams from Boston to Boston and Denver.',
    );
  });

  it('names a created or deleted record by its snapshot when no id resolves', () => {
    expect(
      auditSentence(
        entry({ action: 'CREATE', entity: 'feeSchedule', entityId: 'f-1', after: { name: 'Tiered 2026' } }),
      ),
    ).toBe('Jordan Hayes created the fee schedule Tiered 2026.');
    expect(
      auditSentence(entry({ action: 'DELETE', entity: 'team', entityId: '9', before: { name: 'Austin' } })),
    ).toBe('Jordan Hayes deleted the team Austin.');
  });

  it('says what changed in a permission matrix or a tier list without dumping it', () => {
    const row = { read: false, write: false, delete: false };
    expect(
      auditSentence(
        entry({
          entity: 'rolePermission',
          entityId: '5',
          before: { clients: row, auditLogs: row },
          after: { clients: { ...row, read: true }, auditLogs: row },
        }),
      ),
    ).toBe('Jordan Hayes changed the permissions of the role Operations for Clients.');
    expect(
      auditSentence(
        entry({
          entity: 'feeSchedule',
          entityId: 'f-1',
          before: { name: 'Flat', tiers: [{ rate: '1.00' }] },
          after: { name: 'Flat', tiers: [{ rate: '1.25' }] },
        }),
      ),
    ).toBe('Jordan Hayes changed the tiers of the fee schedule Flat.');
  });

  it('says enumeration values by their labels, and the ids of professionals and advisors as names', () => {
    expect(
      auditSentence(
        entry({
          entity: 'feeSchedule',
          entityId: 'f-1',
          before: { name: 'Flat', type: 'PERCENTAGE', structure: 'TIERED' },
          after: { name: 'Flat', type: 'FIXED', structure: 'LINEAR' },
        }),
      ),
    ).toBe(
      'Jordan Hayes changed the type of the fee schedule Flat from Percentage to Fixed and the structure from Tiered to Linear.',
    );
    expect(
      auditSentence(
        entry({
          entity: 'household',
          entityId: HOUSEHOLD,
          before: { status: 'ACTIVE', introducedByProfessionalId: null },
          after: { status: 'CONVERTED', introducedByProfessionalId: VANCE },
        }),
      ),
    ).toBe(
      'Jordan Hayes changed the status of the household Lee Household from Active to Converted and the introducing professional from empty to Eleanor Vance.',
    );
    expect(
      auditSentence(
        entry({
          entity: 'household_professionals',
          entityId: HOUSEHOLD,
          before: { professionalIds: [VANCE] },
          after: { professionalIds: [VANCE, ORTIZ] },
        }),
      ),
    ).toBe(
      'Jordan Hayes changed the other professionals of the household Lee Household from Eleanor Vance to Eleanor Vance and Luis Ortiz.',
    );
    expect(
      auditSentence(
        entry({
          entity: 'household_team',
          entityId: HOUSEHOLD,
          before: { WEALTH_ADVISOR_1: ANN },
          after: { WEALTH_ADVISOR_1: JORDAN },
        }),
      ),
    ).toBe(
      'Jordan Hayes changed the Wealth Advisor 1 of the household Lee Household from Ann Lee to Jordan Hayes.',
    );
    expect(
      auditSentence(
        entry({
          action: 'DELETE',
          entity: 'other_professional',
          entityId: ORTIZ,
          before: { fullName: 'L. Ortiz' },
        }),
      ),
    ).toBe('Jordan Hayes deleted the other professional Luis Ortiz.');
  });

  it('says sign-ins, sign-outs and failures in the words of the person', () => {
    const self = { actorId: ANN, actorEmail: 'ann@centric.local', entityId: ANN };
    expect(auditSentence(entry({ ...self, action: 'SIGN_IN', after: { method: 'PASSWORD' } }))).toBe(
      'Ann Lee signed in.',
    );
    expect(auditSentence(entry({ ...self, action: 'SIGN_IN', after: { method: 'SSO' } }))).toBe(
      'Ann Lee signed in with single sign-on.',
    );
    expect(auditSentence(entry({ ...self, action: 'SIGN_OUT' }))).toBe('Ann Lee signed out.');
    expect(auditSentence(entry({ ...self, action: 'SIGN_IN_FAILED', after: { step: 'mfa' } }))).toBe(
      'A sign-in as Ann Lee failed (wrong verification code).',
    );
    expect(
      auditSentence(
        entry({
          action: 'SIGN_IN_FAILED',
          actorId: null,
          actorEmail: 'ghost@centric.local',
          entityId: null,
          after: { step: 'password', email: 'ghost@centric.local' },
        }),
      ),
    ).toBe('A sign-in as ghost@centric.local failed (wrong email or password).');
  });

  it('says the account events', () => {
    const self = { actorId: ANN, entityId: ANN };
    expect(auditSentence(entry({ action: 'MFA_RESET' }))).toBe(
      'Jordan Hayes reset the two-step sign-in of Ann Lee.',
    );
    expect(auditSentence(entry({ ...self, action: 'PASSWORD_CHANGED' }))).toBe(
      'Ann Lee changed their password.',
    );
    expect(auditSentence(entry({ ...self, action: 'PASSWORD_RESET' }))).toBe('Ann Lee set a new password.');
    expect(auditSentence(entry({ actorId: null, action: 'PASSWORD_RESET_REQUESTED' }))).toBe(
      'A password reset was requested for Ann Lee.',
    );
    expect(auditSentence(entry({ action: 'INVITE' }))).toBe('Jordan Hayes invited Ann Lee.');
    expect(auditSentence(entry({ action: 'EMAIL_VERIFICATION_SENT' }))).toBe(
      'A verification email was sent to Ann Lee.',
    );
    expect(auditSentence(entry({ ...self, action: 'EMAIL_VERIFIED' }))).toBe(
      'Ann Lee verified their email address.',
    );
    expect(auditSentence(entry({ action: 'DEACTIVATE' }))).toBe('Jordan Hayes deactivated Ann Lee.');
    expect(auditSentence(entry({ action: 'REACTIVATE' }))).toBe('Jordan Hayes reactivated Ann Lee.');
    expect(auditSentence(entry({ action: 'CREATE', after: { fullName: 'Ann Lee', roleId: 5 } }))).toBe(
      'Jordan Hayes created Ann Lee.',
    );
  });

  it('says a refused page, an export and an identity number shown', () => {
    expect(
      auditSentence(
        entry({
          actorId: ANN,
          action: 'ACCESS_DENIED',
          entity: 'route',
          entityId: 'GET /api/audit-logs',
          after: { feature: 'auditLogs', action: 'read' },
        }),
      ),
    ).toBe('Access denied to Ann Lee at GET /api/audit-logs: no permission to see Audit Logs.');
    expect(
      auditSentence(entry({ action: 'EXPORT', entity: 'auditLog', entityId: null, after: { rows: 25 } })),
    ).toBe('Jordan Hayes exported the audit log (25 rows).');
    expect(
      auditSentence(entry({ action: 'EXPORT', entity: 'household', entityId: null, after: { rows: 1 } })),
    ).toBe('Jordan Hayes exported the household list (1 row).');
    expect(
      auditSentence(
        entry({
          action: 'REVEAL',
          entity: 'member',
          entityId: 'm-1',
          after: { clientId: HOUSEHOLD, field: 'identityNumber' },
          names: { ...names, [auditNameKey('member', 'm-1')]: 'Ann Lee' },
        }),
      ),
    ).toBe('Jordan Hayes revealed the identity number of Ann Lee.');
  });

  it('falls back to the email or the system when no name is known', () => {
    expect(
      auditSentence(entry({ names: {}, before: { status: 'ACTIVE' }, after: { status: 'INACTIVE' } })),
    ).toBe('jordan@centric.local changed the status of a user from ACTIVE to INACTIVE.');
    expect(
      auditSentence(
        entry({
          actorId: null,
          actorEmail: null,
          action: 'CREATE',
          entity: 'household',
          entityId: HOUSEHOLD,
        }),
      ),
    ).toBe('The system created the household Lee Household.');
  });
});

describe('labels and values', () => {
  it('labels fields in words, with a fallback for a field no map names', () => {
    expect(auditFieldLabel('team', 'emailAlias')).toBe('email alias');
    expect(auditFieldLabel('feeSchedule', 'annualMinimum')).toBe('annual minimum');
    expect(auditFieldLabel('somethingNew', 'nextReviewDate')).toBe('next review date');
  });

  it('says empty values, yes and no, and ids as names', () => {
    expect(auditValueText('description', '')).toBe('empty');
    expect(auditValueText('active', false)).toBe('no');
    expect(auditValueText('teamIds', [], names)).toBe('none');
    expect(auditValueText('roleId', 99, names)).toBe('99');
    expect(auditValueText('clientId', HOUSEHOLD, names)).toBe('Lee Household');
    expect(auditValueText('professionalIds', [ORTIZ, VANCE], names)).toBe('Luis Ortiz and Eleanor Vance');
  });

  it('shows a permission row by its feature and the actions it allows', () => {
    const row = (read: boolean, write: boolean, del: boolean) => ({ read, write, delete: del });
    expect(auditFieldLabel('rolePermission', 'otherProfessionals')).toBe('Other Professionals');
    expect(auditDetailText('rolePermission', 'clients', row(false, false, false))).toBe('No access');
    expect(auditDetailText('rolePermission', 'clients', row(true, false, false))).toBe('Read');
    expect(auditDetailText('rolePermission', 'clients', row(true, true, false))).toBe('Read and Write');
    expect(permissionRowText(row(true, true, true))).toBe('Read, Write and Delete');
  });

  it('gives the details table names and labels, and leaves plain values to it', () => {
    expect(auditDetailText('feeSchedule', 'type', 'PERCENTAGE')).toBe('Percentage');
    expect(auditDetailText('household_professionals', 'professionalIds', [VANCE], names)).toBe(
      'Eleanor Vance',
    );
    expect(auditDetailText('user', 'roleId', 5, names)).toBe('Operations');
    expect(auditDetailText('user', 'roleId', null, names)).toBe('empty');
    expect(auditDetailText('feeSchedule', 'name', 'Flat')).toBeUndefined();
    expect(auditDetailText('address', 'line1', { city: 'Boston' })).toBeUndefined();
    expect(auditDetailText('user', 'roleId', undefined, names)).toBeUndefined();
  });
});
