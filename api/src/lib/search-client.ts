import http from 'node:http';
import https from 'node:https';
import { Meilisearch, MeilisearchApiError } from 'meilisearch';

export type SearchClient = Meilisearch;

/**
 * HTTP for the Meilisearch client over node:http with keep-alive. The default (global
 * fetch) pays a ~40 ms delayed-ACK stall on every response larger than a few packets, which
 * would dominate search latency.
 */
function nodeHttpClient() {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 128 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 128 }),
  };
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
      const request = transport.request(url, { method: init.method ?? 'GET', headers, agent: agents[url.protocol as 'http:' | 'https:'] }, (response) => {
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

/** The Meilisearch client; requests time out quickly so an outage never stalls the API. */
export function createSearchClient(options: { url: string; key: string }): SearchClient {
  return new Meilisearch({ host: options.url, apiKey: options.key, timeout: 5000, httpClient: nodeHttpClient() });
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
