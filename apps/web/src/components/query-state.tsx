import type { ReactElement, ReactNode } from 'react';
import { errorMessage, isApiError } from '../lib/api-client.ts';
import { ErrorState } from './error-state.tsx';
import { PageLoader } from './page-loader.tsx';

/** What a TanStack Query result offers the state (any `useQuery` result fits). */
export type StateQuery<T> = {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

type QueryStateProps<T> = {
  query: StateQuery<T>;
  /** While the first answer is awaited: the spinner's label ('Loading roles...'), or the page's skeleton. */
  loading: string | ReactElement;
  /** The error's heading; default 'Something went wrong'. */
  errorTitle?: string;
  /** Shown instead of the error when the server answers 404, or 400 (an id that cannot exist). */
  notFound?: ReactNode;
  /** More ways forward beside Try again (a link back). */
  errorActions?: ReactNode;
  /** The page, once the data is there. */
  children: (data: T) => ReactNode;
};

/**
 * The three states of a screen that waits on one query: loading (a labelled spinner or a skeleton), the
 * error with its reason and Try again (or the page's "not found"), and the page itself.
 */
export const QueryState = <T,>({
  query,
  loading,
  errorTitle,
  notFound,
  errorActions,
  children,
}: QueryStateProps<T>) => {
  if (query.isPending) return typeof loading === 'string' ? <PageLoader label={loading} /> : loading;
  if (query.isError || query.data === undefined) {
    const { error } = query;
    if (notFound !== undefined && isApiError(error) && (error.status === 404 || error.status === 400))
      return notFound;
    return (
      <ErrorState
        {...(errorTitle ? { title: errorTitle } : {})}
        message={errorMessage(error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        {...(errorActions ? { actions: errorActions } : {})}
      />
    );
  }
  return children(query.data);
};
