import http from 'node:http';
import https from 'node:https';
import { Meilisearch, MeilisearchApiError, MeilisearchRequestError, type MultiSearchResponse, type RecordAny } from 'meilisearch';

/** Requests time out quickly so an outage never stalls the API. */
const TIMEOUT_MS = 5000;

type Agents = Record<'http:' | 'https:', http.Agent>;

/**
 * One request over node:http with keep-alive, resolving with the parsed JSON body. The
 * default of the client (global fetch) pays a ~40 ms delayed-ACK stall on every response
 * larger than a few packets, which would dominate search latency. Non-2xx answers reject with
 * the MeilisearchApiError the client would raise.
 */
function send(
  agents: Agents,
  url: URL,
  options: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal; timeoutMs?: number },
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const { signal, body } = options;
    if (signal?.aborted) return reject(signal.reason);
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, { method: options.method, headers: options.headers, agent: agents[url.protocol as keyof Agents] }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
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
    if (signal) {
      const onAbort = () => {
        request.destroy();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      request.on('close', () => signal.removeEventListener('abort', onAbort));
    }
    if (options.timeoutMs) request.setTimeout(options.timeoutMs, () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** The HTTP client the Meilisearch client is given (its own timeout and signal apply). */
function nodeHttpClient(agents: Agents) {
  return (input: string | URL | Request, init: RequestInit = {}): Promise<unknown> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init.body === 'string' ? init.body : undefined;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const url = new URL(input instanceof Request ? input.url : String(input));
    return send(agents, url, { method: init.method ?? 'GET', headers, body, signal: init.signal ?? undefined });
  };
}

/**
 * The Meilisearch client, plus a lean multi-search for the search route: a pre-serialized body
 * posted with fixed headers, without the client's per-request URL, header and abort-signal
 * objects (measurable at hundreds of searches per second).
 */
export class SearchClient extends Meilisearch {
  readonly #agents: Agents;
  readonly #multiSearchUrl: URL;
  readonly #headers: Record<string, string>;

  constructor(options: { url: string; key: string }) {
    const agents: Agents = {
      'http:': new http.Agent({ keepAlive: true, maxSockets: 128 }),
      'https:': new https.Agent({ keepAlive: true, maxSockets: 128 }),
    };
    super({ host: options.url, apiKey: options.key, timeout: TIMEOUT_MS, httpClient: nodeHttpClient(agents) });
    this.#agents = agents;
    this.#multiSearchUrl = new URL('multi-search', options.url.endsWith('/') ? options.url : `${options.url}/`);
    this.#headers = { 'content-type': 'application/json', authorization: `Bearer ${options.key}` };
  }

  /** POST /multi-search with a JSON body; fails like the client does (MeilisearchApiError, MeilisearchRequestError). */
  async multiSearchJson(body: string): Promise<MultiSearchResponse<RecordAny>> {
    const headers = { ...this.#headers, 'content-length': String(Buffer.byteLength(body)) };
    try {
      return (await send(this.#agents, this.#multiSearchUrl, { method: 'POST', headers, body, timeoutMs: TIMEOUT_MS })) as MultiSearchResponse<RecordAny>;
    } catch (error) {
      if (error instanceof MeilisearchApiError) throw error;
      throw new MeilisearchRequestError(this.#multiSearchUrl.href, error);
    }
  }
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
