import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { OpenRequests } from './open-requests.tsx';

const person = (id: string, fullName: string) => ({ id, fullName });
const REQUEST = {
  id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  name: 'New Client Onboarding',
  templateId: '1c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  version: 2,
  workflowType: { id: 1, name: 'Client Onboarding' },
  household: { id: '2c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', name: 'Young, John' },
  status: 'IN_PROGRESS',
  startedAt: '2026-11-20T14:00:00.000Z',
  startDate: '2026-11-20',
  startedBy: person('3c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', 'Alex Morgan'),
  finishedAt: null,
  rejectionReason: null,
  rejectedBy: null,
  progress: 75,
  requiredDone: 6,
  requiredTotal: 8,
  stepCount: 10,
  overdueCount: 2,
  nextDueDate: '2026-11-24',
  openAssignees: [person('4c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', 'Daniel Kim')],
};

const renderScreen = (path: string, requests: unknown[] = [REQUEST]) => {
  const stub = stubFetch({
    'GET /api/workflow-requests': [200, 'Success', requests],
    'GET /api/master-data/workflow-types': [200, 'Success', []],
    [`GET /api/workflow-requests/households/${REQUEST.household.id}`]: [200, 'Success', REQUEST.household],
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderWithProviders(<OpenRequests />, path);
  return stub.calls;
};

/** The list's own call, not the household's look-up under the same path. */
const isListCall = (call: { url: string }) => call.url.split('?')[0] === '/api/workflow-requests';

describe('Open Requests', { timeout: 30_000 }, () => {
  it('asks for IN_PROGRESS by default and shows progress and the overdue count apart', async () => {
    const calls = renderScreen('/open-requests');
    const table = await screen.findByRole('table', { name: 'Requests' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('New Client Onboarding');
    expect(row).toHaveTextContent('75%');
    expect(row).toHaveTextContent('6 of 8 required steps');
    expect(row).toHaveTextContent('2 overdue');
    const listCall = calls.find(isListCall)!;
    expect(new URL(listCall.url, 'http://x').searchParams.get('filterBy')).toBe('IN_PROGRESS');
  });

  it("passes the spec's filterBy and clientId on, and says when nothing matches", async () => {
    const calls = renderScreen(`/open-requests?filterBy=REJECTED&clientId=${REQUEST.household.id}`, []);
    expect(await screen.findByText('No requests match these filters')).toBeInTheDocument();
    await waitFor(() => {
      const query = new URL(calls.find(isListCall)!.url, 'http://x').searchParams;
      expect([query.get('filterBy'), query.get('clientId')]).toEqual(['REJECTED', REQUEST.household.id]);
    });
    expect(screen.getByRole('tab', { name: 'Rejected' })).toHaveAttribute('aria-selected', 'true');
    // The household of the link is shown by its name, looked up.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Household' })).toHaveValue(REQUEST.household.name),
    );
  });

  it('lines the filters up alike: each says what it filters inside the field, none has a label above it', async () => {
    renderScreen('/open-requests');
    const filters = await screen.findByRole('search', { name: 'Filter requests' });
    for (const [name, placeholder] of [
      ['Workflow type', 'Any workflow type'],
      ['Assignee', 'Any assignee'],
      ['Household', 'Any household'],
    ] as const) {
      expect(within(filters).getByRole('combobox', { name })).toHaveAttribute('placeholder', placeholder);
    }
    expect(filters.querySelectorAll('.mantine-InputWrapper-label')).toHaveLength(0);
    expect(within(filters).getByRole('switch', { name: 'Overdue only' })).toBeInTheDocument();
  });
});
