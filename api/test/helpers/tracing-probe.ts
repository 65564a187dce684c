import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Run as a process of its own by tracing.test.ts, with only the OTEL_* variables it is given:
 * loads the whole API (app.ts and everything it imports), starts tracing from the environment
 * the way main.ts does, answers one request on a traced Fastify instance, then prints one JSON
 * line: whether tracing came on, and how many OpenTelemetry SDK modules were loaded. The API
 * package (@opentelemetry/api, interfaces and no-op implementations) does not count: the metrics
 * library loads it whether tracing is on or not.
 */
const dir = mkdtempSync(join(tmpdir(), 'cairn-tracing-probe-'));
const log = join(dir, 'resolved');
// A resolve hook that writes down every OpenTelemetry module an import reaches.
const hooks = `
import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/@opentelemetry/')) appendFileSync(log, result.url + '\\n');
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { log } });

const { loadConfig } = await import('../../src/config.js');
await import('../../src/app.js');
const { startTracing, traceRequests } = await import('../../src/observability/tracing.js');
const { default: Fastify } = await import('fastify');

const config = loadConfig(process.env);
const tracing = await startTracing(config.tracing, 'cairn-api', (message) => console.error(message));
const app = Fastify();
traceRequests(app);
app.get('/probe/:id', async () => ({ ok: true }));
const response = await app.inject({ method: 'GET', url: '/probe/1' });
if (response.statusCode !== 200) throw new Error(`probe request answered ${response.statusCode}`);
await app.close();
await tracing?.shutdown();

const resolved = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
const required = Object.keys(createRequire(import.meta.url).cache).filter((path) => path.includes('/@opentelemetry/'));
const sdkModules = new Set([...resolved, ...required].filter((path) => !path.includes('/@opentelemetry/api/')));
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ on: tracing !== undefined, sdkModules: sdkModules.size }));
