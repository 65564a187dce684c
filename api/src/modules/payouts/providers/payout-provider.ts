import type { PayoutMethod, PayoutMethodType } from '@cairn/shared/schemas/payouts';

/**
 * What a payout processor does for Cairn: list its methods, send money, cancel while in
 * transit, and turn its (verified) webhooks into status changes. The sandbox is the default;
 * PayPal Payouts and Tremendous are chosen by configuration.
 */
export interface PayoutProvider {
  readonly type: PayoutMethodType;
  listMethods(country: string): PayoutMethod[];
  /** `idempotencyKey` is stable across retries of the same withdrawal. */
  createPayout(request: PayoutRequest): Promise<PayoutResult>;
  cancelPayout(providerId: string): Promise<'cancelled' | 'cancelling' | 'not_cancellable'>;
  /** Throws WebhookSignatureError when the request was not signed by the processor. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PayoutEvent[]>;
}

export interface PayoutRequest {
  idempotencyKey: string;
  /** What the recipient receives (the fee already taken). */
  netCents: number;
  currency: 'USD';
  methodId: string;
  address: string | null;
  /** Cairn's payout id, echoed in the processor's records. */
  reference: string;
}

export interface PayoutResult {
  providerId: string;
  status: 'in-transit' | 'success' | 'failed';
  failureReason?: string;
}

export interface PayoutEvent {
  providerId: string;
  status: 'success' | 'failed' | 'cancelled';
  failureReason?: string;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature is missing or does not match') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export class PayoutProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayoutProviderError';
  }
}

/** Fee of `percentBps` of the amount, at least `min`, at most `max` (integer cents, rounded up). */
export function feeFor(amountCents: number, fee: PayoutMethod['fee']): number {
  const percent = Math.ceil((amountCents * fee.percent_bps) / 10_000);
  const bounded = Math.max(fee.min, fee.max === null ? percent : Math.min(fee.max, percent));
  return Math.min(bounded, amountCents);
}

export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
