import http from 'node:http';
import https from 'node:https';
import { Meilisearch, MeilisearchApiError, MeilisearchRequestError, type Health, type MultiSearchResponse, type RecordAny } from 'meilisearch';
import { HttpConnections, type HttpAnswer } from './http-connections.js';
import { searchOperationOf, startSearchTimer } from '../observability/metrics.js';
import { traceSearch, traceSearchRequests } from '../observability/tracing.js';

/** Default limits (milliseconds): searches and health checks answer a request, so an outage must not stall it. */
const SEARCH_TIMEOUT_MS = 1000;
const INDEXING_TIMEOUT_MS = 10_000;
/** Connections to Meilisearch per pool (further requests wait for one). */
const MAX_CONNECTIONS = 128;

export interface SearchClientOptions {
  url: string;
  key: string;
  /** Searches and health checks, waiting for a connection included. */
  searchTimeoutMs?: number;
  /** Every other call (indexing, settings, tasks), made by the worker and admin commands. */
  indexingTimeoutMs?: number;
}

type Agents = Record<'http:' | 'https:', http.Agent>;

/**
 * HTTP for the Meilisearch client over node:http with keep-alive. The default (global
 * fetch) pays a ~40 ms delayed-ACK stall on every response larger than a few packets, which
 * would dominate search latency.
 */
function nodeHttpClient(agents: Agents) {
  return (input: string | URL | Request, init: RequestInit = {}): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const transport = url.protocol === 'https:' ? https : http;
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const body = typeof init.body === 'string' ? init.body : undefined;
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      const request = transport.request(url, { method: init.method ?? 'GET', headers, agent: agents[url.protocol as keyof Agents] }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch (error) {
            return reject(error);
          }
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve(parsed);
          reject(new MeilisearchApiError(new Response(text, { status, statusText: response.statusMessage }), parsed as never));
        });
      });
      const onAbort = () => {
        request.destroy();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      request.on('close', () => signal?.removeEventListener('abort', onAbort));
      request.on('error', reject);
      request.end(body);
    });
}

/** Every request of the Meilisearch client timed by operation (cairn_search_request_duration_seconds). */
function timedRequests(send: ReturnType<typeof nodeHttpClient>): ReturnType<typeof nodeHttpClient> {
  return (input, init) => {
    const finished = startSearchTimer(searchOperationOf(new URL(input instanceof Request ? input.url : String(input)).pathname));
    const answer = send(input, init);
    answer.then(() => finished(true), () => finished(false));
    return answer;
  };
}

/**
 * The Meilisearch client, plus a lean multi-search for the search route: a pre-serialized body
 * posted over keep-alive connections of its own (see http-connections.ts), without the
 * client's per-request URL, header and abort-signal objects (measurable at hundreds of
 * searches per second). HTTPS servers get the same request through node:https.
 */
export class SearchClient extends Meilisearch {
  readonly #agents: Agents;
  readonly #multiSearchUrl: URL;
  readonly #key: string;
  readonly #connections: HttpConnections | undefined;
  readonly #http: ReturnType<typeof nodeHttpClient>;
  readonly #healthUrl: URL;
  readonly #searchTimeoutMs: number;

  constructor(options: SearchClientOptions) {
    const agents: Agents = {
      'http:': new http.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS }),
      'https:': new https.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS }),
    };
    const httpClient = timedRequests(traceSearchRequests(nodeHttpClient(agents)));
    super({ host: options.url, apiKey: options.key, timeout: options.indexingTimeoutMs ?? INDEXING_TIMEOUT_MS, httpClient });
    this.#agents = agents;
    this.#http = httpClient;
    this.#key = options.key;
    this.#searchTimeoutMs = options.searchTimeoutMs ?? SEARCH_TIMEOUT_MS;
    const base = options.url.endsWith('/') ? options.url : `${options.url}/`;
    this.#multiSearchUrl = new URL('multi-search', base);
    this.#healthUrl = new URL('health', base);
    this.#connections =
      this.#multiSearchUrl.protocol === 'http:'
        ? new HttpConnections(this.#multiSearchUrl, { maxConnections: MAX_CONNECTIONS, timeoutMs: this.#searchTimeoutMs })
        : undefined;
  }

  /** GET /health within the search limit (the client's own limit is the longer indexing one). */
  override async health(): Promise<Health> {
    const answer = await this.#http(this.#healthUrl, { signal: AbortSignal.timeout(this.#searchTimeoutMs) });
    return answer as Health;
  }

  /** POST /multi-search with a JSON body; fails like the client does (MeilisearchApiError, MeilisearchRequestError). */
  async multiSearchJson(body: string): Promise<MultiSearchResponse<RecordAny>> {
    const url = this.#multiSearchUrl;
    let answer: HttpAnswer;
    const finished = startSearchTimer('multi_search');
    try {
      answer = await traceSearch('POST', url, body, () =>
        this.#connections
          ? this.#connections.postJson(url.pathname, body, `authorization: Bearer ${this.#key}\r\n`)
          : sendTls(this.#agents, url, this.#key, body, this.#searchTimeoutMs),
      );
    } catch (error) {
      finished(false);
      throw new MeilisearchRequestError(url.href, error);
    }
    finished(answer.status >= 200 && answer.status < 300);
    const parsed: unknown = answer.body === '' ? undefined : JSON.parse(answer.body);
    if (answer.status < 200 || answer.status >= 300) throw new MeilisearchApiError(new Response(answer.body, { status: answer.status }), parsed as never);
    return parsed as MultiSearchResponse<RecordAny>;
  }
}

/** The lean multi-search over node:https, answered with any status. */
function sendTls(agents: Agents, url: URL, key: string, body: string, timeoutMs: number): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'content-length': String(Buffer.byteLength(body)) };
    const request = https.request(url, { method: 'POST', headers, agent: agents['https:'] }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    // The whole exchange, not socket inactivity: a server trickling bytes must not hold a request.
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end(body);
  });
}

export function createSearchClient(options: SearchClientOptions): SearchClient {
  return new SearchClient(options);
}

/** The Meilisearch API error behind `error` (the client wraps errors of custom HTTP clients). */
export function searchApiError(error: unknown): MeilisearchApiError | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if (current instanceof MeilisearchApiError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Meilisearch's error code (`index_not_found`…), when it answered with one. */
export function searchErrorCode(error: unknown): string | undefined {
  return searchApiError(error)?.cause?.code;
}

/** True when Meilisearch could not be reached or did not answer in time (as opposed to refusing a request). */
export function isSearchUnavailable(error: unknown): boolean {
  const apiError = searchApiError(error);
  if (apiError) return apiError.response.status >= 500;
  return (error as { name?: string } | undefined)?.name?.startsWith('Meilisearch') ?? false;
}
