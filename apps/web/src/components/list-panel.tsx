import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { ErrorState } from './error-state.tsx';
import { ListAddButton, ResetFiltersButton } from './list-actions.tsx';
import { PageLoader } from './page-loader.tsx';

/** What a list query looks like to the panel (a TanStack Query result). */
type ListQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

type ListPanelProps = {
  query: ListQuery;
  /** 'Loading fee schedules...' */
  loadingLabel: string;
  /** The page holds no row. */
  isEmpty: boolean;
  /**
   * The empty state: with `onReset` (something narrows the list) it offers Reset filters, otherwise `add`
   * when the user may add.
   */
  empty: {
    icon: ReactNode;
    title: string;
    description: string;
    onReset?: (() => void) | undefined;
    add?: { label: string; onClick: () => void } | undefined;
  };
  /** The table, once there are rows. */
  children: ReactNode;
};

/** A list's bordered panel: loading, the error with Retry, the empty state with its way forward, or the table. */
export const ListPanel = ({ query, loadingLabel, isEmpty, empty, children }: ListPanelProps) => (
  <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
    {query.isPending ? (
      <PageLoader label={loadingLabel} />
    ) : query.isError ? (
      <ErrorState
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    ) : isEmpty ? (
      <EmptyState py="xl" icon={empty.icon} withIndicatorBackground>
        <EmptyState.Title order={2}>{empty.title}</EmptyState.Title>
        <EmptyState.Description>{empty.description}</EmptyState.Description>
        {(empty.onReset || empty.add) && (
          <EmptyState.Actions>
            {empty.onReset ? (
              <ResetFiltersButton variant="light" onClick={empty.onReset} />
            ) : (
              empty.add && <ListAddButton label={empty.add.label} onClick={empty.add.onClick} />
            )}
          </EmptyState.Actions>
        )}
      </EmptyState>
    ) : (
      children
    )}
  </Paper>
);
