import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { refusedRangeOf, type RefusedRange } from './address-policy.js';

/**
 * Requests to URLs that users supply (markdown images, release webhooks) without
 * letting them reach this machine or its private networks (server-side request forgery).
 *
 * Every hop is checked the same way: an http(s) URL without credentials (any port), its host
 * resolved once and every address it resolves to checked with `refusedRangeOf`, then the
 * connection made to exactly the address that was checked (the client's `lookup` is pinned to
 * it, so a DNS answer that changes between the check and the connection cannot redirect it).
 * Redirects are followed by hand, each location checked again (a POST stays a POST with its body
 * through 307 and 308 and becomes a GET without one through 301, 302 and 303, as browsers do).
 * The whole exchange has one deadline, the TCP connect its own, and the body is counted while it
 * streams.
 */

export interface OutboundPolicy {
  /**
   * Exact `host:port` pairs (as in the URL, lower case, the default port written out) that may
   * resolve to refused addresses: for local development and tests only. Loopback and private
   * addresses stay refused for every other host and port.
   */
  allowHosts: readonly string[];
  maxBytes: number;
  /** Deadline for the whole exchange, redirects included. */
  timeoutMs: number;
  connectTimeoutMs: number;
  maxRedirects: number;
  /** Resolves a host name to all its addresses (tests pass their own). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export type OutboundFailure =
  /** Not an absolute http(s) URL, or one carrying credentials. */
  | 'invalid_url'
  /** The host resolves to an address outbound requests may not reach, or a redirect leads to a URL they may not fetch. */
  | 'refused'
  | 'host_not_found'
  | 'too_large'
  | 'timeout'
  /** The connection failed, the origin answered an error status, or redirected too often. */
  | 'origin_error';

export class OutboundError extends Error {
  constructor(
    public readonly failure: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

/** What to send, and how to take the answer (the defaults are a GET that wants a 2xx body). */
export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  /** Answer any final status instead of failing with `origin_error` on one outside 2xx. */
  anyStatus?: boolean;
  /** Keep the first `maxBytes` of a longer body instead of failing with `too_large`. */
  truncate?: boolean;
}

export interface OutboundResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

export interface CheckedUrl {
  url: URL;
  /** The host name without IPv6 brackets, as DNS and sockets take it. */
  hostname: string;
  port: number;
  /** `host:port` as the allow-list spells it. */
  hostPort: string;
}

/** The URL rules alone (scheme, credentials, host): the checked URL, or an `invalid_url` error. */
export function checkUrl(raw: string | URL): CheckedUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('invalid_url', 'is not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('invalid_url', `must be an http or https URL, not ${url.protocol}`);
  if (url.username !== '' || url.password !== '') throw new OutboundError('invalid_url', 'must not carry a user name or password');
  if (url.hostname === '') throw new OutboundError('invalid_url', 'has no host');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { url, hostname, port, hostPort: `${url.hostname.toLowerCase()}:${port}` };
}

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** The one address a checked URL may be connected to; throws when any resolved address is refused. */
export async function resolveCheckedAddress(target: CheckedUrl, policy: OutboundPolicy): Promise<{ address: string; family: number }> {
  let addresses: { address: string; family: number }[];
  const literal = isIP(target.hostname);
  if (literal) addresses = [{ address: target.hostname, family: literal }];
  else {
    try {
      addresses = await (policy.resolve ?? defaultResolve)(target.hostname);
    } catch {
      throw new OutboundError('host_not_found', `the host ${target.hostname} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new OutboundError('host_not_found', `the host ${target.hostname} has no address`);
  if (!policy.allowHosts.includes(target.hostPort)) {
    for (const { address } of addresses) {
      const range: RefusedRange | undefined = refusedRangeOf(address);
      if (range) throw new OutboundError('refused', `the host ${target.hostname} resolves to a ${range} address, which is not reachable from here`);
    }
  }
  return addresses[0]!;
}

/** A `lookup` that answers only the checked address, whatever the socket asks. */
function pinnedLookup(address: string, family: number): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Sends `options` (a GET by default) to `rawUrl` under `policy`; every refusal and failure is an `OutboundError`. */
export async function safeFetch(rawUrl: string, policy: OutboundPolicy, options: OutboundRequest = {}): Promise<OutboundResponse> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), policy.timeoutMs);
  try {
    let target = checkUrl(rawUrl);
    let method = options.method ?? 'GET';
    let body = method === 'POST' ? options.body : undefined;
    for (let hop = 0; ; hop++) {
      const pinned = await withDeadline(resolveCheckedAddress(target, policy), deadline.signal);
      const response = await exchange(target, pinned, policy, { method, headers: options.headers ?? {}, body }, deadline.signal);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location) {
        response.resume();
        if (hop >= policy.maxRedirects) throw new OutboundError('origin_error', `the origin redirected more than ${policy.maxRedirects} times`);
        let next: URL;
        try {
          next = new URL(location, target.url);
        } catch {
          throw new OutboundError('origin_error', 'the origin redirected to an invalid location');
        }
        try {
          target = checkUrl(next);
        } catch (error) {
          throw new OutboundError('refused', `the origin redirected to a URL that is not fetched: it ${(error as Error).message}`);
        }
        if (response.statusCode !== 307 && response.statusCode !== 308) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      if (!options.anyStatus && ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) > 299)) {
        response.resume();
        throw new OutboundError('origin_error', `the origin answered ${response.statusCode}`);
      }
      const answer = await readLimited(response, policy.maxBytes, options.truncate ?? false, deadline.signal);
      return { url: target.url.href, status: response.statusCode!, contentType: response.headers['content-type'], body: answer };
    }
  } finally {
    clearTimeout(timer);
  }
}

const timeoutError = () => new OutboundError('timeout', 'the origin did not answer in time');

async function withDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) throw timeoutError();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timeoutError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** One request to the pinned address; resolves with the response head. */
function exchange(
  target: CheckedUrl,
  pinned: { address: string; family: number },
  policy: OutboundPolicy,
  message: { method: 'GET' | 'POST'; headers: Record<string, string>; body: Buffer | undefined },
  signal: AbortSignal,
): Promise<IncomingMessage> {
  if (signal.aborted) return Promise.reject(timeoutError());
  const https = target.url.protocol === 'https:';
  const options: RequestOptions & { servername?: string } = {
    method: message.method,
    host: target.hostname,
    port: target.port,
    path: `${target.url.pathname}${target.url.search}`,
    headers: { ...message.headers, ...(message.body ? { 'content-length': String(message.body.length) } : {}), host: target.url.host },
    lookup: pinnedLookup(pinned.address, pinned.family),
    // A fresh connection per request: a pooled socket could belong to an address checked for another host.
    agent: false,
    ...(https && !isIP(target.hostname) ? { servername: target.hostname } : {}),
  };
  return new Promise<IncomingMessage>((resolve, reject) => {
    let failure: OutboundError | undefined;
    let request: ClientRequest;
    try {
      request = (https ? httpsRequest : httpRequest)(options, (response) => {
        signal.removeEventListener('abort', onAbort);
        // The body is read under the same deadline by readLimited.
        resolve(response);
      });
    } catch (error) {
      // Node refuses some requests before sending them (characters it will not put in a request line).
      return reject(new OutboundError('origin_error', `the request could not be made (${(error as Error).message})`));
    }
    const fail = (error: OutboundError) => {
      failure ??= error;
      request.destroy(error);
    };
    const onAbort = () => fail(timeoutError());
    signal.addEventListener('abort', onAbort, { once: true });
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connectTimer = setTimeout(() => fail(new OutboundError('timeout', 'the origin did not accept a connection in time')), policy.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(connectTimer));
      socket.once('close', () => clearTimeout(connectTimer));
    });
    request.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(failure ?? new OutboundError('origin_error', `the origin could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`));
    });
    request.end(message.body);
  });
}

/**
 * The body, refused as soon as it grows past `maxBytes` (a declared length past it is refused
 * before reading) — or, with `truncate`, cut there and the connection closed.
 */
function readLimited(response: IncomingMessage, maxBytes: number, truncate: boolean, signal: AbortSignal): Promise<Buffer> {
  const tooLarge = () => new OutboundError('too_large', `the answer is larger than ${maxBytes} bytes`);
  const declared = Number(response.headers['content-length']);
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(tooLarge());
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error?: OutboundError) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        response.destroy();
        reject(error);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onAbort = () => finish(timeoutError());
    if (signal.aborted) return finish(timeoutError());
    signal.addEventListener('abort', onAbort, { once: true });
    response.on('data', (chunk: Buffer) => {
      if (truncate && size + chunk.length >= maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        finish();
        return response.destroy();
      }
      size += chunk.length;
      if (size > maxBytes) return finish(tooLarge());
      chunks.push(chunk);
    });
    response.on('end', () => finish());
    response.on('error', () => finish(new OutboundError('origin_error', 'the origin broke off the answer')));
    response.on('aborted', () => finish(new OutboundError('origin_error', 'the origin broke off the answer')));
  });
}
