import { type ReceivePaymentBody, receivableSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyReceivable } from './save-receivable.ts';

/** What can happen to a payment: received, written off, expected again; or a paid-up receivable's receipt. */
export type PaymentChange =
  | { kind: 'receive'; receivableId: string; paymentId: string; body: ReceivePaymentBody }
  | { kind: 'writeOff'; receivableId: string; paymentId: string; note: string | null }
  | { kind: 'reopen'; receivableId: string; paymentId: string }
  | { kind: 'record'; receivableId: string; body: ReceivePaymentBody };

const base = (receivableId: string) => `/receivables/${encodeURIComponent(receivableId)}/payments`;

/** POST …/payments/:paymentId/receive | write-off | reopen, or …/payments (paid up); the receivable comes back. */
export const changePayment = async (change: PaymentChange) => {
  const options = { schema: receivableSchema };
  const response =
    change.kind === 'record'
      ? await api.post(base(change.receivableId), change.body, options)
      : change.kind === 'receive'
        ? await api.post(`${base(change.receivableId)}/${change.paymentId}/receive`, change.body, options)
        : change.kind === 'writeOff'
          ? await api.post(
              `${base(change.receivableId)}/${change.paymentId}/write-off`,
              { note: change.note },
              options,
            )
          : await api.post(`${base(change.receivableId)}/${change.paymentId}/reopen`, undefined, options);
  return { receivable: response.result, message: response.message };
};

export const useChangePayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePayment,
    onSuccess: ({ receivable }) => applyReceivable(queryClient, receivable),
  });
};
