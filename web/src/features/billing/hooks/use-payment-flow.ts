import type { PaymentResult } from '@cairn/shared/schemas/billing';
import type { CreatePaymentBody } from '@cairn/shared/schemas/billing-requests';
import type { NewServerOptions } from '@cairn/shared/schemas/servers';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';
import { billingQueries } from '../api/billing-queries';
import { useAuthenticatePayment, usePay } from '../api/use-billing-mutations';
import { billingErrorMessage, paymentFailureMessage } from '../utils/failure-message';

/** Fields some products add to a new charge (a server plan's name and options). */
export interface PaymentChargeExtras {
  server?: NewServerOptions;
}
export type NewChargeBody = Omit<CreatePaymentBody, 'charge'> & { charge: CreatePaymentBody['charge'] & PaymentChargeExtras };

export type PaymentStage =
  | { kind: 'idle' }
  | { kind: 'paying' }
  | { kind: 'authenticating'; paymentId: string; clientSecret: string }
  | { kind: 'processing' }
  | { kind: 'succeeded' }
  | { kind: 'failed'; message: string };

/**
 * One payment from start to end: POST /v2/billing/payment, then, when the processor asks for it,
 * the confirmation step (`requires_action`) the customer approves or declines.
 */
export function usePaymentFlow({ onSucceeded }: { onSucceeded?: () => void } = {}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<PaymentStage>({ kind: 'idle' });

  const settle = (status: string, failure: string | null) => {
    if (status === 'succeeded') {
      setStage({ kind: 'succeeded' });
      onSucceeded?.();
      // The processor tells the API by webhook, which may land a moment after the browser hears back.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: billingQueries.all() }), 1500);
    } else if (status === 'processing') setStage({ kind: 'processing' });
    else setStage({ kind: 'failed', message: paymentFailureMessage(t, failure) });
  };

  const pay = usePay({
    onSuccess: (result: PaymentResult) => {
      if (result.status === 'requires_action' && result.client_secret) setStage({ kind: 'authenticating', paymentId: result.payment_intent_id, clientSecret: result.client_secret });
      else settle(result.status, result.failure);
    },
    onError: (error) => setStage({ kind: 'failed', message: billingErrorMessage(t, error) }),
  });
  const authenticate = useAuthenticatePayment({
    onSuccess: (status, { approve }) => settle(status, approve ? null : 'authentication_failed'),
    onError: (error) => setStage({ kind: 'failed', message: billingErrorMessage(t, error) }),
  });

  return {
    stage,
    start: () => setStage({ kind: 'paying' }),
    fail: (error: unknown) => setStage({ kind: 'failed', message: billingErrorMessage(t, error) }),
    pay: (body: NewChargeBody) => {
      setStage({ kind: 'paying' });
      pay.mutate(body);
    },
    answer: (approve: boolean) => {
      if (stage.kind !== 'authenticating') return;
      authenticate.mutate({ paymentId: stage.paymentId, clientSecret: stage.clientSecret, approve });
    },
    answering: authenticate.isPending,
    reset: () => setStage({ kind: 'idle' }),
  };
}
