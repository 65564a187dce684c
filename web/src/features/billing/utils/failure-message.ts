import { HttpError } from '../../../lib/api-client';
import type { useT } from '../../../lib/i18n/i18n-provider';
import { ProcessorError } from '../api/sandbox-client';

type T = ReturnType<typeof useT>;

const KNOWN = ['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_number', 'authentication_failed'] as const;
type KnownFailure = (typeof KNOWN)[number];
const isKnown = (code: string): code is KnownFailure => (KNOWN as readonly string[]).includes(code);

/** Words for a processor's decline code (`card_declined`, `insufficient_funds`…) or its message. */
export function paymentFailureMessage(t: T, reason: string | null | undefined): string {
  if (!reason) return t('billing.failure.unknown');
  if (isKnown(reason)) return t(`billing.failure.${reason}`);
  return t('billing.failure.generic', { reason });
}

/** An error from saving a card or paying, in words: the processor's reason, or the API's description. */
export function billingErrorMessage(t: T, error: unknown): string {
  if (error instanceof ProcessorError) {
    if (error.code === 'provider_unsupported') return t('billing.card.stripeUnsupported');
    return isKnown(error.code) ? t(`billing.failure.${error.code}`) : error.message;
  }
  if (error instanceof HttpError) return error.description;
  return t('billing.failure.unknown');
}
