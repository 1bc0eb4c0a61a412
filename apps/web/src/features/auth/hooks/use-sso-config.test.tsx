import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { Office365Button } from '../components/office365-button.tsx';
import { SSO_CONFIG_FRESH_MS, loadSsoConfig } from './use-sso-config.ts';

// The loader keeps its answer in the module: the tests run in order, on a clock that only moves forward.
describe('single sign-on config', () => {
  it('keeps an answer for 5 minutes, then asks again', async () => {
    const { fetchStub, calls } = stubFetch({ 'GET /api/sso/config': [200, 'OK', { office365: true }] });
    vi.stubGlobal('fetch', fetchStub);

    expect(await loadSsoConfig(1_000)).toEqual({ office365: true });
    expect(await loadSsoConfig(1_000 + SSO_CONFIG_FRESH_MS - 1)).toEqual({ office365: true });
    expect(calls).toHaveLength(1);

    await loadSsoConfig(1_000 + SSO_CONFIG_FRESH_MS);
    expect(calls).toHaveLength(2);
  });

  it('answers null when the call fails, and asks again next time', async () => {
    const { fetchStub, calls } = stubFetch({ 'GET /api/sso/config': [500, 'Internal Server Error', null] });
    vi.stubGlobal('fetch', fetchStub);
    const now = 10 * SSO_CONFIG_FRESH_MS;

    expect(await loadSsoConfig(now)).toBeNull();
    expect(await loadSsoConfig(now + 1)).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('rejects an answer that does not match the contract', async () => {
    const { fetchStub } = stubFetch({ 'GET /api/sso/config': [200, 'OK', { office365: 'yes' }] });
    vi.stubGlobal('fetch', fetchStub);
    expect(await loadSsoConfig(20 * SSO_CONFIG_FRESH_MS)).toBeNull();
  });

  it('shows "Continue with Office 365" when the server has it configured', async () => {
    const { fetchStub } = stubFetch({ 'GET /api/sso/config': [200, 'OK', { office365: true }] });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<Office365Button />);

    expect(await screen.findByRole('link', { name: 'Continue with Office 365' })).toHaveAttribute(
      'href',
      '/api/sso/office365',
    );
  });
});
