import type { ErrorBody } from '@cairn/shared/schemas/common';
import type { z } from 'zod';
import { env } from '../config/env';

/** A non-2xx answer from the API. `code`/`description` come from the `{ error, description }` body when present. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    /** The API's snake_case error code (`not_found`, `invalid_input`…), or undefined for a non-API body. */
    readonly code: string | undefined,
    readonly description: string,
    readonly method: string,
    readonly path: string,
    /** On a 429: how many seconds until the API takes requests again, when it says. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${method} ${path} failed with ${status}: ${description}`);
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** A 2xx answer whose body does not match the shared contract: a bug to surface, not to tolerate. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(
    readonly method: string,
    readonly path: string,
    readonly detail: string,
    readonly issues: readonly z.core.$ZodIssue[] = [],
  ) {
    super(`Unexpected response from ${method} ${path}: ${detail}`);
  }

  static fromIssues(method: string, path: string, issues: readonly z.core.$ZodIssue[]): ResponseShapeError {
    const first = issues[0];
    const where = first && first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
    return new ResponseShapeError(method, path, `${where}${first?.message ?? 'invalid body'}`, issues);
  }
}

/** The request never got an answer (offline, DNS, CORS, server down). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly method: string,
    readonly path: string,
    options?: ErrorOptions,
  ) {
    super(`Could not reach the server for ${method} ${path}`, options);
  }
}

type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/**
 * The shared zod schema the response body is parsed with (the result type comes from it): the
 * schema itself, or `loadSchema`, a dynamic import of it. Requests made before the first paint
 * use `loadSchema`, so zod is not part of the first download: the import runs alongside the request.
 */
type SchemaOption<S extends z.ZodType> = { schema: S; loadSchema?: never } | { loadSchema: () => Promise<S>; schema?: never };

/** What a request sends, to the API or to another Cairn service that answers the same way. */
export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain values are sent as JSON; FormData / Blob / URLSearchParams are sent as they are. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Where `path` is resolved (default: the API). A game-server node's files, say. */
  baseUrl?: string;
  /** Cookies go to the API only (default `include`); other services take a bearer token. */
  credentials?: RequestCredentials;
}

type ApiFetchOptions<S extends z.ZodType> = SchemaOption<S> & ApiRequestOptions;

/** `baseUrl + path` with the query's defined values (arrays as repeated keys). */
export function buildUrl(baseUrl: string, path: string, query: ApiRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  );
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The API's `{ error, description }` body, checked by hand so that errors need no zod. */
function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { error, description } = value as Partial<Record<keyof ErrorBody, unknown>>;
  return typeof error === 'string' && typeof description === 'string';
}

/** `Retry-After` (seconds or an HTTP date), else `X-Ratelimit-Reset` (seconds until the window resets). */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  return reset && /^\d+$/.test(reset) ? Number(reset) : undefined;
}

/**
 * The HttpError for a non-2xx answer: the `{ error, description }` body when it is one, else the
 * status text. `body` is the answer's text.
 */
export function httpErrorFrom(status: number, statusText: string, body: string, method: string, path: string, retryAfter?: number): HttpError {
  const json = parseJson(body);
  if (json.ok && isErrorBody(json.value)) return new HttpError(status, json.value.error, json.value.description, method, path, retryAfter);
  return new HttpError(status, undefined, statusText || `Request failed with status ${status}`, method, path, retryAfter);
}

/**
 * Sends one request and resolves with the 2xx Response, its body unread; rejects with HttpError
 * (a non-2xx answer), NetworkError, or the AbortError of `signal`. `apiFetch` is this plus the
 * body's schema; use this one directly for bodies that are not JSON (text, downloads).
 */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, query, signal } = options;
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // Project and version texts come in the original unless a call asks for a language with
  // `lang`: the browser's own Accept-Language would otherwise pick a translation (and settings
  // pages would edit it as the original).
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', '*');

  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) requestBody = body;
    else {
      headers.set('Content-Type', 'application/json');
      requestBody = JSON.stringify(body);
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(options.baseUrl ?? env.apiUrl, path, query), {
      method,
      headers,
      body: requestBody,
      signal,
      credentials: options.credentials ?? 'include',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(method, path, { cause: error });
  }
  if (!response.ok) {
    const retryAfter = response.status === 429 ? retryAfterSeconds(response.headers) : undefined;
    throw httpErrorFrom(response.status, response.statusText, await response.text(), method, path, retryAfter);
  }
  return response;
}

/**
 * The one way the web talks to the API. `path` is the full API path (`/v2/tag/loader`), matching the
 * OpenAPI document. Resolves with the body parsed by `schema`; rejects with HttpError,
 * ResponseShapeError or NetworkError (or the AbortError of `signal`).
 */
export async function apiFetch<S extends z.ZodType>(path: string, options: ApiFetchOptions<S>): Promise<z.output<S>> {
  const method = options.method ?? 'GET';
  const schema = options.loadSchema ? options.loadSchema() : Promise.resolve(options.schema);
  // An import that fails is reported when the response is parsed, not as an unhandled rejection.
  schema.catch(() => {});
  const response = await apiRequest(path, options);
  const json = parseJson(await response.text());
  if (!json.ok) throw new ResponseShapeError(method, path, 'body is not valid JSON');
  const parsed = (await schema).safeParse(json.value);
  if (!parsed.success) throw ResponseShapeError.fromIssues(method, path, parsed.error.issues);
  return parsed.data;
}
