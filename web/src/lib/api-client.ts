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

type ApiFetchOptions<S extends z.ZodType> = SchemaOption<S> & {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain values are sent as JSON; FormData / Blob / URLSearchParams are sent as they are. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: HeadersInit;
  signal?: AbortSignal;
};

function buildUrl(path: string, query: ApiFetchOptions<z.ZodType>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return `${env.apiUrl}${path}${search ? `?${search}` : ''}`;
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
 * The one way the web talks to the API. `path` is the full API path (`/v2/tag/loader`), matching the
 * OpenAPI document. Resolves with the body parsed by `schema`; rejects with HttpError,
 * ResponseShapeError or NetworkError (or the AbortError of `signal`).
 */
export async function apiFetch<S extends z.ZodType>(path: string, options: ApiFetchOptions<S>): Promise<z.output<S>> {
  const { method = 'GET', body, query, signal } = options;
  const schema = options.loadSchema ? options.loadSchema() : Promise.resolve(options.schema);
  // An import that fails is reported when the response is parsed, not as an unhandled rejection.
  schema.catch(() => {});
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');

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
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: requestBody,
      signal,
      credentials: 'include',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(method, path, { cause: error });
  }

  const text = await response.text();
  const json = parseJson(text);

  if (!response.ok) {
    const retryAfter = response.status === 429 ? retryAfterSeconds(response.headers) : undefined;
    if (json.ok && isErrorBody(json.value)) {
      throw new HttpError(response.status, json.value.error, json.value.description, method, path, retryAfter);
    }
    const fallback = response.statusText || `Request failed with status ${response.status}`;
    throw new HttpError(response.status, undefined, fallback, method, path, retryAfter);
  }

  if (!json.ok) {
    throw new ResponseShapeError(method, path, 'body is not valid JSON');
  }
  const parsed = (await schema).safeParse(json.value);
  if (!parsed.success) throw ResponseShapeError.fromIssues(method, path, parsed.error.issues);
  return parsed.data;
}
