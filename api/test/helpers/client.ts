import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';

/** The HTTP methods the integration tests use. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who is calling: a token (sent as `authorization`), or the request's own headers. */
export type Credential = string | Record<string, string> | undefined;

export interface TestClientOptions {
  /** Headers sent with every request (the rate-limit bypass key, say); a request's own win. */
  headers?: Record<string, string>;
  /** The remote address of every request, asked once per request (per-address limits). */
  remoteAddress?: () => string;
}

/** One request to the app: method, URL, who calls, and a body (left out when undefined). */
export type TestClient = (method: Method | HTTPMethods, url: string, credential?: Credential, payload?: InjectOptions['payload']) => Promise<LightMyRequestResponse>;

/** The same call over real HTTP; an object body is sent as JSON. */
export type HttpTestClient = (method: Method, url: string, credential?: Credential, payload?: object) => Promise<Response>;

const headersOf = (credential: Credential): Record<string, string> =>
  typeof credential === 'string' ? (credential ? { authorization: credential } : {}) : (credential ?? {});

/**
 * The integration tests' client: `app.inject` with a method, URL, credential and body.
 * `app` is read on every request, so a file can create its client before `beforeAll` builds
 * the context: `const call = testClient(() => ctx.app);`.
 */
export function testClient(app: () => FastifyInstance, options: TestClientOptions = {}): TestClient {
  return (method, url, credential, payload) => {
    const headers = { ...options.headers, ...headersOf(credential) };
    return app().inject({
      method,
      url,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(payload === undefined ? {} : { payload }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress() } : {}),
    });
  };
}

/**
 * The shared client's HTTP flavour, for an API running in a process of its own (the
 * multi-process tests): `fetch` against `baseUrl()` with the same call shape as `testClient`.
 * `baseUrl` is read on every request, like `app` above.
 */
export function httpTestClient(baseUrl: () => string, options: Pick<TestClientOptions, 'headers'> = {}): HttpTestClient {
  return (method, url, credential, payload) =>
    fetch(`${baseUrl()}${url}`, {
      method,
      headers: { ...options.headers, ...headersOf(credential), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
}
