import { type QueryClient, type QueryKey, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Runs a mutation hook once against `queryClient`, as a component would, and answers its result. */
export const runMutation = async <V, R>(
  queryClient: QueryClient,
  useWrite: () => { mutateAsync: (variables: V) => Promise<R> },
  variables: V,
): Promise<R> => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useWrite, { wrapper });
  let answer: { value: R } | null = null;
  await act(async () => {
    answer = { value: await result.current.mutateAsync(variables) };
  });
  if (!answer) throw new Error('the mutation did not answer');
  return (answer as { value: R }).value;
};

/** Whether a cached query was invalidated (null: not in the cache). */
export const isStale = (queryClient: QueryClient, key: QueryKey) =>
  queryClient.getQueryState(key)?.isInvalidated ?? null;
