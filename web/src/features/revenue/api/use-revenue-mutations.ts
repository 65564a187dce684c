import type { CreatePayoutBody, PayoutAccounts, UpdatePayoutAccountsBody, Withdrawal } from '@cairn/shared/schemas/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { cancelPayout, createPayout, revenueQueries, updatePayoutAccounts } from './revenue-queries';

/** Withdrawals and cancellations change the balance and the history: both are fetched again. */
function useRevenueMutation<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>, callbacks: MutationCallbacks<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: revenueQueries.all() });
      await callbacks.onSuccess?.(data, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}

/** `POST /v2/payout`: the body's idempotency_key makes a retried request answer the same withdrawal. */
export function useWithdraw(callbacks: MutationCallbacks<Withdrawal, CreatePayoutBody> = {}) {
  return useRevenueMutation(createPayout, callbacks);
}

/** `DELETE /v2/payout/{id}`: a transfer in transit becomes cancelling, then cancelled. */
export function useCancelTransfer(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useRevenueMutation(cancelPayout, callbacks);
}

/** `PATCH /v2/payout/accounts`: sets or clears (null) the PayPal account and the Venmo handle. */
export function useUpdatePayoutAccounts(callbacks: MutationCallbacks<PayoutAccounts, UpdatePayoutAccountsBody> = {}) {
  return useRevenueMutation(updatePayoutAccounts, callbacks);
}
