import { HttpError } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n-provider';

/** A 429 from the API, with how long to wait when it said. */
export function rateLimitOf(error: unknown): { retryAfterSeconds: number | undefined } | undefined {
  return error instanceof HttpError && error.status === 429 ? { retryAfterSeconds: error.retryAfterSeconds } : undefined;
}

/** What a visitor reads after too many requests: why, and when to try again. */
export function RateLimitText({ retryAfterSeconds }: { retryAfterSeconds: number | undefined }) {
  const t = useT();
  return <>{retryAfterSeconds === undefined ? t('errors.rateLimited.retrySoon') : t('errors.rateLimited.retryIn', { seconds: retryAfterSeconds })}</>;
}
