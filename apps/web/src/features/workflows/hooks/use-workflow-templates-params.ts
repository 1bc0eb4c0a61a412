import { WORKFLOW_TEMPLATE_SORT_KEYS } from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

/** Written into the URL on the first visit, like the other lists: pageNo, numberOfRecords, sortBy, order. */
export const WORKFLOW_TEMPLATES_DEFAULTS = {
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'name',
  order: 'ASC',
} as const;

export type WorkflowTemplatesListState = {
  page: number;
  limit: number;
  sortBy: (typeof WORKFLOW_TEMPLATE_SORT_KEYS)[number];
  order: 'ASC' | 'DESC';
  search: string;
  workflowTypeId: string;
};

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseWorkflowTemplatesParams = (params: URLSearchParams): WorkflowTemplatesListState => ({
  ...pagingOf(params),
  sortBy: oneOf(WORKFLOW_TEMPLATE_SORT_KEYS, params.get('sortBy'), 'name'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'ASC'),
  search: (params.get('search') ?? '').trim().slice(0, 100),
  workflowTypeId: /^\d{1,9}$/.test(params.get('workflowTypeId') ?? '')
    ? (params.get('workflowTypeId') ?? '')
    : '',
});

export const useWorkflowTemplatesParams = () =>
  useUrlListState<
    WorkflowTemplatesListState,
    'pageNo' | 'numberOfRecords' | 'sortBy' | 'order' | 'search' | 'workflowTypeId'
  >(WORKFLOW_TEMPLATES_DEFAULTS, parseWorkflowTemplatesParams);
