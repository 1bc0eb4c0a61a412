import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { renderWithProviders } from '../test/render.tsx';
import { QueryState, type StateQuery } from './query-state.tsx';

const query = (over: Partial<StateQuery<string>>): StateQuery<string> => ({
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => undefined,
  ...over,
});

const renderState = (q: StateQuery<string>) =>
  renderWithProviders(
    <QueryState
      query={q}
      loading="Loading roles..."
      errorTitle="The roles could not be loaded"
      notFound={<p>No such role</p>}
    >
      {(data) => <p>Loaded {data}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows the labelled spinner while the first answer is awaited', () => {
    renderState(query({ isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading roles...');
    expect(screen.queryByText(/Loaded/)).not.toBeInTheDocument();
  });

  it('shows the error with its reason, and Try again refetches', async () => {
    const refetch = vi.fn();
    renderState(query({ isError: true, error: new ApiError(500, 'The server is down.'), refetch }));
    expect(screen.getByRole('alert')).toHaveTextContent('The roles could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('The server is down.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the page’s own "not found" for a 404', () => {
    renderState(query({ isError: true, error: new ApiError(404, 'Role not found.') }));
    expect(screen.getByText('No such role')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the page with the data', () => {
    renderState(query({ data: 'Advisors' }));
    expect(screen.getByText('Loaded Advisors')).toBeInTheDocument();
  });
});
