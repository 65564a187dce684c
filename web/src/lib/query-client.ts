import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { HttpError, ResponseShapeError } from './api-client';

const MAX_RETRIES = 2;

/**
 * Retry only what can succeed on a second try: network failures and 5xx (except 501). A 4xx answer
 * or a body that breaks the contract will be the same next time.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ResponseShapeError) return false;
  if (error instanceof HttpError) return error.status >= 500 && error.status !== 501;
  return true;
}

const queryDefaults: DefaultOptions = {
  queries: {
    staleTime: 60_000,
    retry: shouldRetry,
    refetchOnWindowFocus: false,
  },
  mutations: {
    retry: false,
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
