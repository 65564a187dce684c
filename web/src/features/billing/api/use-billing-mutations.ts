import type { CreditBody, EditSubscriptionBody, PaymentResult } from '@cairn/shared/schemas/billing';
import type { CreatePaymentBody, RefundBody } from '@cairn/shared/schemas/billing-requests';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import {
  billingQueries,
  createPayment,
  creditSubscriptions,
  deletePaymentMethod,
  editSubscription,
  makePaymentMethodPrimary,
  refundCharge,
  startPaymentMethodSetup,
} from './billing-queries';
import { authenticateSandboxPayment, confirmSandboxSetup, ProcessorError, type CardDetails } from './sandbox-client';

const refetchBilling = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: billingQueries.all() });

/** Billing changes also change the signed-in user (the Plus badge), so that is refetched too. */
const refetchBillingAndUser = (queryClient: QueryClient) =>
  Promise.all([refetchBilling(queryClient), queryClient.invalidateQueries({ queryKey: ['auth', 'current-user'] }), queryClient.invalidateQueries({ queryKey: ['users'] })]);

function useBillingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  callbacks: MutationCallbacks<TData, TVariables>,
  refetch: (queryClient: QueryClient) => Promise<unknown> = refetchBilling,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await refetch(queryClient);
      await callbacks.onSuccess?.(data, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}

// The sandbox's address comes with a payment method setup; a 3-D Secure step on a card saved
// earlier asks for a setup just to learn it.
let knownSandboxUrl: string | undefined;
async function sandboxUrl(): Promise<string> {
  if (knownSandboxUrl) return knownSandboxUrl;
  const setup = await startPaymentMethodSetup();
  if (!setup.sandbox_url) throw new ProcessorError('provider_unsupported', 'This payment processor is not supported here');
  knownSandboxUrl = setup.sandbox_url;
  return knownSandboxUrl;
}

/** Saves a card: Cairn starts a setup, the card goes to the processor; resolves with the new method's id. */
export function useAddCard(callbacks: MutationCallbacks<string, CardDetails> = {}) {
  return useBillingMutation(async (card: CardDetails) => {
    const setup = await startPaymentMethodSetup();
    if (setup.provider !== 'sandbox' || !setup.sandbox_url) throw new ProcessorError('provider_unsupported', 'This payment processor is not supported here');
    knownSandboxUrl = setup.sandbox_url;
    const result = await confirmSandboxSetup(setup.sandbox_url, setup.setup_id, setup.client_secret, card);
    if (result.status === 'failed') throw new ProcessorError(result.error.code, result.error.message);
    return result.payment_method;
  }, callbacks);
}

export function usePay(callbacks: MutationCallbacks<PaymentResult, CreatePaymentBody> = {}) {
  return useBillingMutation(createPayment, callbacks, refetchBillingAndUser);
}

export interface AuthenticateVariables {
  paymentId: string;
  clientSecret: string;
  approve: boolean;
}

/** Answers the processor's confirmation step; resolves with the payment's status afterwards. */
export function useAuthenticatePayment(callbacks: MutationCallbacks<string, AuthenticateVariables> = {}) {
  return useBillingMutation(
    async ({ paymentId, clientSecret, approve }: AuthenticateVariables) => authenticateSandboxPayment(await sandboxUrl(), paymentId, clientSecret, approve),
    callbacks,
    refetchBillingAndUser,
  );
}

export function useEditSubscription(callbacks: MutationCallbacks<unknown, { id: string; body: EditSubscriptionBody }> = {}) {
  return useBillingMutation(({ id, body }: { id: string; body: EditSubscriptionBody }) => editSubscription(id, body), callbacks, refetchBillingAndUser);
}

export function useMakePaymentMethodPrimary(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useBillingMutation(makePaymentMethodPrimary, callbacks);
}

export function useRemovePaymentMethod(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useBillingMutation(deletePaymentMethod, callbacks);
}

export function useRefundCharge(callbacks: MutationCallbacks<unknown, { id: string; body: RefundBody }> = {}) {
  return useBillingMutation(({ id, body }: { id: string; body: RefundBody }) => refundCharge(id, body), callbacks, refetchBillingAndUser);
}

export function useCreditSubscription(callbacks: MutationCallbacks<unknown, CreditBody> = {}) {
  return useBillingMutation(creditSubscriptions, callbacks);
}
