import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { CreateRequestForm } from './create-request-form.tsx';

const HOUSEHOLD = { id: '2c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', name: 'Young, John' };

const renderForm = (initialClientId: string | null) => {
  const stub = stubFetch({
    'GET /api/workflow-requests/templates': [200, 'Success', []],
    [`GET /api/workflow-requests/households/${HOUSEHOLD.id}`]: [200, 'Success', HOUSEHOLD],
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderWithProviders(<CreateRequestForm initialClientId={initialClientId} />, '/create-request');
  return stub.calls;
};

describe('Start a request', { timeout: 30_000 }, () => {
  it("preselects the link's household by its name, looked up on the server", async () => {
    const calls = renderForm(HOUSEHOLD.id);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Household' })).toHaveValue(HOUSEHOLD.name),
    );
    expect(calls.some((c) => c.url === `/api/workflow-requests/households/${HOUSEHOLD.id}`)).toBe(true);
  });

  it('says so when the linked household is not found', async () => {
    renderForm('9c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f');
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Household' })).toHaveValue('');
  });

  it('asks for nothing without a household in the link', async () => {
    const calls = renderForm(null);
    expect(await screen.findByRole('combobox', { name: 'Household' })).toHaveValue('');
    await waitFor(() => expect(calls.some((c) => c.url.includes('/templates'))).toBe(true));
    expect(calls.some((c) => c.url.includes('/households/'))).toBe(false);
  });
});
