import { type ReceivableViewBy, receivableChartsSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/receivables/charts?viewBy=…: the next 12 months stacked by product or provider; past due by age. */
export const getReceivableCharts = async (viewBy: ReceivableViewBy, signal?: AbortSignal) =>
  (
    await api.get('/receivables/charts', {
      query: { viewBy },
      schema: receivableChartsSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useReceivableCharts = (viewBy: ReceivableViewBy) =>
  useQuery({
    queryKey: queryKeys.receivables.charts(viewBy),
    queryFn: ({ signal }) => getReceivableCharts(viewBy, signal),
    placeholderData: keepPreviousData,
  });
