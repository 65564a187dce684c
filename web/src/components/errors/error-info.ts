import { isRouteErrorResponse } from 'react-router';
import { HttpError } from '../../lib/api-client';

/** The error page's view of anything a route can throw (spec §3 Error object). */
interface ErrorInfo {
  /** HTTP status, or 1000 when the failure has none (network, bug, unknown). */
  statusCode: number;
  /** Undefined means "Unknown error". */
  message: string | undefined;
}

const UNKNOWN_ERROR_STATUS = 1000;

export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof HttpError) return { statusCode: error.status, message: error.description || undefined };
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    return { statusCode: error.status, message: (typeof data === 'string' && data) || error.statusText || undefined };
  }
  if (error instanceof Error) return { statusCode: UNKNOWN_ERROR_STATUS, message: error.message || undefined };
  return { statusCode: UNKNOWN_ERROR_STATUS, message: undefined };
}

export type NotFoundKind = 'project' | 'version' | 'user' | 'organization' | 'collection' | 'page';

const PROJECT_PREFIXES = ['mod', 'datapack', 'resourcepack', 'plugin', 'shader', 'modpack', 'project'];

/** Which "not found" page a path gets (spec §2, §8). */
export function notFoundKind(pathname: string): NotFoundKind {
  const segments = pathname.split('/');
  // "Starts with /mod/": a second segment must follow, even an empty one ("/mods" is a search page).
  if (segments.length < 3) return 'page';
  const first = segments[1] ?? '';
  if (PROJECT_PREFIXES.includes(first)) return 'project';
  if (first === 'user') return 'user';
  if (first === 'organization') return 'organization';
  if (first === 'collection') return 'collection';
  return 'page';
}

/**
 * A 404 a loader raised about something more precise than its path says, with
 * `throw data({ notFound: 'version' }, { status: 404 })` (a missing version on an existing project).
 */
export function notFoundKindOf(error: unknown): NotFoundKind | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 404) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('notFound' in data)) return undefined;
  return data.notFound === 'version' ? 'version' : undefined;
}
