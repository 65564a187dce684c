import { isRouteErrorResponse } from 'react-router';
import { HttpError, NetworkError, ResponseShapeError } from '../../lib/api-client';

export interface ErrorDescription {
  /** HTTP status when there is one. */
  status: number | undefined;
  title: string;
  /** One readable sentence for everyone. */
  summary: string;
  /** Technical detail (API description, error message) shown in a details block. */
  detail: string | undefined;
}

function titleForStatus(status: number): string {
  if (status === 404) return 'Page not found';
  if (status === 401) return 'Sign-in required';
  if (status === 403) return 'Access denied';
  if (status === 429) return 'Too many requests';
  if (status >= 500) return 'Something went wrong';
  return 'This request could not be completed';
}

function summaryForStatus(status: number): string {
  if (status === 404) return 'We could not find what you were looking for.';
  if (status === 401) return 'You need to sign in to see this page.';
  if (status === 403) return 'You do not have permission to see this page.';
  if (status === 429) return 'You are sending requests too quickly. Wait a moment and try again.';
  if (status >= 500) return 'The server ran into a problem. Please try again in a moment.';
  return 'The server could not handle this request.';
}

/** Turns anything a route can throw into words for the error page. */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      title: titleForStatus(error.status),
      summary: summaryForStatus(error.status),
      detail: error.description,
    };
  }
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    return {
      status: error.status,
      title: titleForStatus(error.status),
      summary: summaryForStatus(error.status),
      detail: typeof data === 'string' && data !== '' ? data : error.statusText || undefined,
    };
  }
  if (error instanceof NetworkError) {
    return {
      status: undefined,
      title: 'Cannot reach Cairn',
      summary: 'Check your connection and try again.',
      detail: error.message,
    };
  }
  if (error instanceof ResponseShapeError) {
    return {
      status: undefined,
      title: 'Something went wrong',
      summary: 'The server sent an answer this page does not understand. Reloading usually helps.',
      detail: error.message,
    };
  }
  return {
    status: undefined,
    title: 'Something went wrong',
    summary: 'An unexpected error stopped this page from loading.',
    detail: error instanceof Error ? error.message : undefined,
  };
}
