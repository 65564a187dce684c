import http from 'node:http';
import https from 'node:https';
import { Meilisearch, MeilisearchApiError, MeilisearchRequestError, type MultiSearchResponse, type RecordAny } from 'meilisearch';
import { HttpConnections, type HttpAnswer } from './http-connections.js';

/** Requests time out quickly so an outage never stalls the API. */
const TIMEOUT_MS = 5000;
/** Connections to Meilisearch per pool (further requests wait for one). */
const MAX_CONNECTIONS = 128;

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

  constructor(options: { url: string; key: string }) {
    const agents: Agents = {
      'http:': new http.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS }),
      'https:': new https.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS }),
    };
    super({ host: options.url, apiKey: options.key, timeout: TIMEOUT_MS, httpClient: nodeHttpClient(agents) });
    this.#agents = agents;
    this.#key = options.key;
    this.#multiSearchUrl = new URL('multi-search', options.url.endsWith('/') ? options.url : `${options.url}/`);
    this.#connections =
      this.#multiSearchUrl.protocol === 'http:' ? new HttpConnections(this.#multiSearchUrl, { maxConnections: MAX_CONNECTIONS, timeoutMs: TIMEOUT_MS }) : undefined;
  }

  /** POST /multi-search with a JSON body; fails like the client does (MeilisearchApiError, MeilisearchRequestError). */
  async multiSearchJson(body: string): Promise<MultiSearchResponse<RecordAny>> {
    const url = this.#multiSearchUrl;
    let answer: HttpAnswer;
    try {
      answer = this.#connections
        ? await this.#connections.postJson(url.pathname, body, `authorization: Bearer ${this.#key}\r\n`)
        : await sendTls(this.#agents, url, this.#key, body);
    } catch (error) {
      throw new MeilisearchRequestError(url.href, error);
    }
    const parsed: unknown = answer.body === '' ? undefined : JSON.parse(answer.body);
    if (answer.status < 200 || answer.status >= 300) throw new MeilisearchApiError(new Response(answer.body, { status: answer.status }), parsed as never);
    return parsed as MultiSearchResponse<RecordAny>;
  }
}

/** The lean multi-search over node:https, answered with any status. */
function sendTls(agents: Agents, url: URL, key: string, body: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'content-length': String(Buffer.byteLength(body)) };
    const request = https.request(url, { method: 'POST', headers, agent: agents['https:'] }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

export function createSearchClient(options: { url: string; key: string }): SearchClient {
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
