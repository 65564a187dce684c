import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mayReadMetrics } from './metrics-access.js';
import { enableProcessMetrics, METRICS_CONTENT_TYPE, renderMetrics } from './metrics.js';
import { METRICS_PATH } from './metrics-plugin.js';

export interface MetricsListener {
  /** `http://host:port`, the port the system gave when 0 was asked for. */
  url: string;
  close(): Promise<void>;
}

/**
 * A listener of its own that answers only `GET /metrics` (METRICS_PORT, on METRICS_HOST —
 * loopback unless told otherwise): how a worker-only process, which has no HTTP server, exposes
 * its metrics, and how an API process can keep them off its public port. METRICS_TOKEN, when
 * set, is required here too. Answers other than the metrics are the API's `{error, description}`.
 */
export async function startMetricsListener(options: { host: string; port: number; token: string | undefined }): Promise<MetricsListener> {
  enableProcessMetrics();
  const answer = (response: http.ServerResponse, status: number, error: string, description: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify({ error, description }));
  };
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== METRICS_PATH) return answer(response, 404, 'not_found', 'The requested route does not exist');
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, 405, 'method_not_allowed', 'method: only GET is allowed', { allow: 'GET, HEAD' });
    if (!mayReadMetrics(request.headers.authorization, options.token)) {
      return answer(response, 401, 'unauthorized', 'authorization: the metrics need the bearer token set in METRICS_TOKEN', { 'www-authenticate': 'Bearer' });
    }
    renderMetrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => answer(response, 503, 'service_unavailable', 'The metrics could not be collected; try again'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
