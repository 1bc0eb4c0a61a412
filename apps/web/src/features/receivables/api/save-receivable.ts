import { type Receivable, type ReceivableBody, receivableSchema } from '@centric/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type SaveReceivableVariables = {
  /** Absent: a new receivable. */
  id?: string | undefined;
  body: ReceivableBody;
};

/** POST (new) or PATCH (change) a receivable; the answer is the receivable with its schedule. */
export const saveReceivable = async ({ id, body }: SaveReceivableVariables) => {
  const response = id
    ? await api.patch(`/receivables/${encodeURIComponent(id)}`, body, { schema: receivableSchema })
    : await api.post('/receivables', body, { schema: receivableSchema });
  return { receivable: response.result, message: response.message };
};

/** After any change: the receivable as answered, and every list, header and chart read again. */
export const applyReceivable = (queryClient: QueryClient, receivable: Receivable) => {
  queryClient.setQueryData(queryKeys.receivables.detail(receivable.id), receivable);
  return queryClient.invalidateQueries({
    queryKey: queryKeys.receivables.all,
    predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== receivable.id,
  });
};

/** `onSaved`: the receivable as the server answered it (the screen opens its schedule). */
export const useSaveReceivable = (onSaved?: (receivable: Receivable) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReceivable,
    onSuccess: ({ receivable }) => {
      onSaved?.(receivable);
      return applyReceivable(queryClient, receivable);
    },
  });
};
