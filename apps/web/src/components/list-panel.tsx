import { EmptyState, Paper } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { ListAddButton, ResetFiltersButton } from './list-actions.tsx';
import { QueryState, type StateQuery } from './query-state.tsx';

type ListPanelProps = {
  query: StateQuery<unknown>;
  /** 'Loading fee schedules...', or the list's skeleton (components/list-skeleton.tsx). */
  loadingLabel: string | ReactElement;
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

/** A list's bordered panel: loading, the error with Try again, the empty state with its way forward, or the table. */
export const ListPanel = ({ query, loadingLabel, isEmpty, empty, children }: ListPanelProps) => (
  <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
    <QueryState query={query} loading={loadingLabel}>
      {() =>
        isEmpty ? (
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
        )
      }
    </QueryState>
  </Paper>
);
