import { describe, expect, it } from 'vitest';
import { paths, relativePattern } from './paths.ts';

describe('paths', () => {
  it('builds the hrefs of the routes with parameters, encoded', () => {
    expect(paths.clientDetail.href('a b/c')).toBe('/client-detail/a%20b%2Fc');
    expect(paths.profile.href(7, 'personal')).toBe('/waprofile/7?tab=personal');
    expect(paths.profile.href(7)).toBe('/waprofile/7');
    expect(paths.billingAccount.href('acc-1', 'c-1')).toBe('/billing/accounts/acc-1?clientId=c-1');
    expect(paths.billingAccount.href('acc-1', null)).toBe('/billing/accounts/acc-1');
    expect(paths.masterData.href('gender')).toBe('/master-data/gender');
  });

  it('gives each fixed route its pattern as href, and every pattern is unique', () => {
    expect(paths.dashboard.href()).toBe(paths.dashboard.pattern);
    const patterns = Object.values(paths).map((route) => route.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('gives a child route its pattern without the leading slash', () => {
    expect(relativePattern(paths.mfaSetup.pattern)).toBe('mfa/setup');
    expect(relativePattern(paths.profile.pattern)).toBe('waprofile/:id');
  });
});
