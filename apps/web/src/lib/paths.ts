/**
 * Every route of the web app and its `href(...)` builder, in one place: the router and the navigation
 * registry declare routes with `pattern`, features and the layout link with `href(...)`. A new screen adds one
 * entry here; no feature writes a path by hand.
 */

const segment = (value: string | number) => encodeURIComponent(String(value));

/** `?a=1&b=2` from the defined entries of `query`, or '' when none is defined. */
const queryOf = (query: Record<string, string | number | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** A route without parameters: its pattern is also its only href. */
const fixed = <P extends string>(pattern: P) => ({ pattern, href: (): P => pattern }) as const;

export const paths = {
  signIn: fixed('/'),
  mfa: fixed('/mfa'),
  mfaSetup: fixed('/mfa/setup'),
  forgotPassword: fixed('/forgot-password'),
  resetLinkSent: fixed('/reset-link-sent'),
  resetPassword: fixed('/reset-password'),
  passwordResetDone: fixed('/password-reset-done'),
  verifyEmail: fixed('/verify-email'),
  ssoCallback: fixed('/sso-callback'),
  dashboard: fixed('/dashboard'),
  clients: fixed('/clients'),
  clientDetail: {
    pattern: '/client-detail/:clientId',
    href: (clientId: string) => `/client-detail/${segment(clientId)}`,
  },
  otherProfessionals: fixed('/otherProfessionals'),
  feeSchedules: fixed('/billing/fee'),
  billingLogs: fixed('/billing/alllogs'),
  /** A household as a billing unit (global search "Units"); its screen comes with billing. */
  billingHousehold: {
    pattern: '/billing/households/:clientId',
    href: (clientId: string) => `/billing/households/${segment(clientId)}`,
  },
  /** A billing account, with its household when known (global search "Accounts"). */
  billingAccount: {
    pattern: '/billing/accounts/:accountId',
    href: (accountId: string, clientId?: string | null) =>
      `/billing/accounts/${segment(accountId)}${queryOf({ clientId: clientId ?? undefined })}`,
  },
  users: fixed('/users'),
  roles: fixed('/roles'),
  teams: fixed('/teams'),
  masterData: {
    pattern: '/master-data/:type',
    href: (type: string) => `/master-data/${segment(type)}`,
  },
  auditLogs: fixed('/audit-logs'),
  profile: {
    pattern: '/waprofile/:id',
    href: (userId: number | string, tab?: 'personal') => `/waprofile/${segment(userId)}${queryOf({ tab })}`,
  },
  unauthorized: fixed('/unauthorized'),
} as const;

/** A route path relative to its parent (react-router children are written without the leading slash). */
export const relativePattern = (pattern: string): string => pattern.replace(/^\//, '');
