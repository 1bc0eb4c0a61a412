import { type AccountPayeesBody, accountPayeeListSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** PUT /api/billing/accounts/:accountId/payees: the whole list at once (empty: the fee-paying account pays). */
export const saveAccountPayees = async (accountId: string, body: AccountPayeesBody) => {
  const { result, message } = await api.put(
    `/billing/accounts/${encodeURIComponent(accountId)}/payees`,
    body,
    {
      schema: accountPayeeListSchema,
    },
  );
  return { list: result, message };
};

export const useSaveAccountPayees = (accountId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountPayeesBody) => saveAccountPayees(accountId, body),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.billing.accountPayees(accountId)]),
  });
};
