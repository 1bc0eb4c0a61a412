import { type AccountBillingBody, accountBillingSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

export type UpdateAccountBillingVariables = { accountId: string; body: AccountBillingBody };

/** PUT /api/billing/accounts/:accountId/billing: the account's fee setting as saved, and the server's sentence. */
export const updateAccountBilling = async ({ accountId, body }: UpdateAccountBillingVariables) => {
  const response = await api.put(`/billing/accounts/${encodeURIComponent(accountId)}/billing`, body, {
    schema: accountBillingSchema,
  });
  return { account: response.result, message: response.message };
};

/**
 * The saved account shows at once; every billing view refreshes (the lists, the paying account's Pays For,
 * the units' readiness and its badge).
 */
export const useUpdateAccountBilling = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountBilling,
    onSuccess: ({ account }) =>
      queryClient.setQueryData(queryKeys.billing.account(account.accountId), account),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.billing.all]),
  });
};
