import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatRow, measure, measureInTurns, type LoadResult } from './measure.js';
import type { TargetsReady, TargetsRequest } from './targets.js';
import { benchSearchClients } from './search-client.js';
import { benchAnalytics } from './analytics.js';
import { SYNTHETIC_PROJECTS } from './data-dir.js';
import { reindexBenchCatalogue } from './reindex.js';
import { searchMix } from './search-mix.js';
import { loadavg } from 'node:os';

/**
 * `npm run bench`: loopback-only load tests with fixed durations, printing figures.
 * Set BENCH_SECONDS to change the duration of each run (default 10); BENCH_ONLY=search runs only
 * the search scenarios, BENCH_ONLY=api the API ones (the dependency plan included; BENCH_ONLY=plan that one alone; several: BENCH_ONLY=api,search), BENCH_ONLY=analytics the analytics ones,
 * BENCH_ONLY=client only the comparison of Meilisearch transports, BENCH_ONLY=web the website's
 * first download and LCP of /mods, BENCH_ONLY=servers only the node agent's idle game servers per
 * host (node-agent/bench), BENCH_ONLY=scan the malware scanner's scans per second. BENCH_PROJECTS sets the synthetic catalogue's size (default 100,000).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const large = SYNTHETIC_PROJECTS >= 1_000_000;
/** The goals of the catalogue's size (issue: performance at a million projects). */
const goals = {
  ratio: 0.9,
  hashP95Ms: large ? 50 : 30,
  hashBareRatio: 1.3,
  planP95Ms: 200,
  reindex: large ? '< 5 min' : '< 30 s',
  publishMs: 1000,
  searchP95Ms: large ? 50 : 35,
  searchRatio: 1.1,
  pagingRatio: 1.0,
  rssMb: large ? 250 : 200,
};
const load = () => `load average ${loadavg().map((v) => v.toFixed(2)).join(' / ')}`;
/** BENCH_ONLY=search | api | plan | analytics | client | web | servers | scan: those parts only (comma-separated, e.g. `api,search`). */
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const runs = (part: 'search' | 'api' | 'plan' | 'analytics' | 'client' | 'web' | 'scan') => only === undefined || only.includes(part);

/**
 * The API against bare Fastify sending the same bytes, with the steps between them: bare Fastify
 * plus the API's own header hook (security, CORS, request id), then plus its rate limiter too.
 * Each ratio to bare shows what that step costs.
 */
async function compare(label: string, apiUrl: string, bareUrl: string, steps: TargetsReady['stepUrls']): Promise<void> {
  const path = new URL(apiUrl).pathname;
  const targets = [
    { label: `Cairn API  ${label}`, url: apiUrl },
    { label: `bare Fastify  ${label}`, url: bareUrl },
    { label: '  bare + header hook', url: `${steps.headers}${path}` },
    { label: '  bare + headers + limiter', url: `${steps.limiter}${path}` },
  ];
  // Warm every path first so JIT, caches and connection set-up are not measured.
  for (const target of targets) await measure({ ...target, label: 'warm-up', durationSeconds: 2 });
  const [api, bare, headers, limiter] = await measureInTurns(...targets.map((target) => ({ ...target, durationSeconds: seconds })));
  for (const result of [api!, bare!, headers!, limiter!]) console.log(formatRow(result));
  const ratio = (result: LoadResult) => (result.requestsPerSecond / bare!.requestsPerSecond).toFixed(2);
  console.log(`steps (throughput ÷ bare): + header hook ${ratio(headers!)}, + limiter ${ratio(limiter!)}, whole API ${ratio(api!)}`);
  console.log(`ratio (Cairn / bare): ${ratio(api!)} of the throughput (goal ≥ ${goals.ratio}), p95 ${(api!.p95 / bare!.p95).toFixed(2)}×; ${load()}\n`);
}

/** One hash route against the bare baseline in turns; then the V8 heap each request allocates, of each alone. */
async function compareHashRoute(label: string, body: string, ready: TargetsReady, ask: Ask): Promise<LoadResult> {
  const path = label.split(' ')[1]!;
  const options = { method: 'POST' as const, body, headers: { 'content-type': 'application/json' }, connections: 1 };
  const api = { ...options, label: `Cairn API  ${label}`, url: `${ready.apiUrl}${path}` };
  const bare = { ...options, label: `bare lookup  ${label}`, url: `${ready.hashBareUrl}${path}` };
  for (const target of [api, bare]) await measure({ ...target, label: 'warm-up', durationSeconds: 2 });
  const [apiResult, bareResult] = await measureInTurns({ ...api, durationSeconds: seconds }, { ...bare, durationSeconds: seconds });
  console.log(formatRow(apiResult));
  console.log(formatRow(bareResult));
  const perRequest = async (target: typeof api) => {
    await ask({ type: 'alloc-start' });
    const run = await measure({ ...target, durationSeconds: 3 });
    const { bytes } = await ask<{ bytes: number }>({ type: 'alloc-stop' });
    return `${((bytes / Math.max(1, run.requests)) / 1024).toFixed(0)} KB`;
  };
  console.log(
    `API ÷ bare: p95 ${(apiResult.p95 / bareResult.p95).toFixed(2)}× (goal ≤ ${goals.hashBareRatio}), throughput ${(apiResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)}; ` +
      `V8 heap allocated per request: API ${await perRequest(api)}, bare ${await perRequest(bare)}\n`,
  );
  return apiResult;
}

async function post(label: string, url: string, body: string, connections: number): Promise<LoadResult> {
  const options = { url, method: 'POST' as const, body, headers: { 'content-type': 'application/json' }, connections };
  await measure({ ...options, label: 'warm-up', durationSeconds: 2 });
  const result = await measure({ ...options, label, durationSeconds: seconds });
  console.log(formatRow(result));
  return result;
}

async function compareSearchClients(): Promise<void> {
  console.log(`\nMeilisearch transport: CPU of this process per search request, 20 concurrent, ${seconds} s each, alternating\n`);
  for (const figure of await benchSearchClients(seconds)) {
    console.log(`${figure.label.padEnd(32)} ${String(Math.round(figure.requestsPerSecond)).padStart(6)} req/s  ${figure.cpuMicrosPerRequest.toFixed(1).padStart(6)} µs CPU per request`);
  }
  console.log('');
}

async function main(): Promise<void> {
  if (only?.length === 1 && only[0] === 'client') return compareSearchClients();
  // The scanner needs no API or catalogue: it runs here, before (or instead of) the targets.
  if (runs('scan')) await (await import('./scan.js')).benchScan(seconds);
  if (only?.length === 1 && only[0] === 'scan') return;
  console.log(`Synthetic catalogue: ${SYNTHETIC_PROJECTS.toLocaleString('en-US')} projects (BENCH_PROJECTS); ${load()}`);
  if (only?.length === 1 && only[0] === 'servers') return; // the node agent's own bench (node-agent/bench) measures game servers
  const child = fork(fileURLToPath(new URL('./targets.js', import.meta.url)), [], { execArgv: [...process.execArgv, '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<TargetsReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as TargetsReady));
    child.once('exit', (code) => reject(new Error(`bench targets exited early (${code})`)));
  });
  const ask = <T,>(request: TargetsRequest) =>
    new Promise<T>((resolve) => {
      child.once('message', (m) => resolve(m as T));
      child.send(request);
    });

  try {
    if (runs('api')) {
      console.log(`\nGET /v2/ — 20 connections, ${seconds} s each in alternating one-second turns (loopback)\n`);
      await compare('GET /v2/', `${ready.apiUrl}/v2/`, `${ready.bareUrl}/v2/`, ready.stepUrls);

      console.log(`GET /v2/project/{slug} on the synthetic catalogue — 20 connections, ${seconds} s each in alternating one-second turns\n`);
      await compare('GET /v2/project/{slug}', `${ready.apiUrl}/v2/project/${ready.projectSlug}`, `${ready.bareUrl}/v2/project/${ready.projectSlug}`, ready.stepUrls);

      console.log(`Hash routes with 1,000 sha1 hashes — one client (latency), ${seconds} s each in alternating one-second turns with a bare baseline (plain Node server, the same lookups, the answer pre-serialized)\n`);
      const lookup = await compareHashRoute('POST /v2/version_files', ready.hashListBody, ready, ask);
      const updates = await compareHashRoute('POST /v2/version_files/update', ready.updateBody, ready, ask);
      console.log(`p95 with 1,000 hashes: version_files ${lookup.p95.toFixed(1)} ms, version_files/update ${updates.p95.toFixed(1)} ms (goal < ${goals.hashP95Ms} ms on a quiet machine, ≤ ${goals.hashBareRatio} × bare); ${load()}\n`);
      const memory = await ask<{ rss: number; peak: number; heapTotal: number; heapUsed: number; external: number; settled: number; settledAfter: number }>({ type: 'rss', settle: true });
      console.log(
        `API process RSS after the runs: ${MB(memory.rss)}, peak ${MB(memory.peak)}; V8 heap ${MB(memory.heapTotal)} reserved, ${MB(memory.heapUsed)} of it live after a full collection, ` +
          `${MB(memory.external)} outside the heap (buffers). Left idle: ${MB(memory.settled)} after ${memory.settledAfter} s, once V8's memory reducer gave back the heap grown under load ` +
          `(goal < ${goals.rssMb} MB)\n`,
      );
    }

    if (runs('api') || runs('plan')) {
      // The fixture's 300 mods (150 by hash, 150 by slug) close over 60 libraries three levels deep.
      const sample = (await (await fetch(`${ready.apiUrl}/v2/dependency_plan`, { method: 'POST', body: ready.dependencyPlanBody, headers: { 'content-type': 'application/json' } })).json()) as {
        inputs: { status: string }[];
        dependencies: unknown[];
      };
      const resolved = sample.inputs.filter((input) => input.status === 'resolved').length;
      console.log(`POST /v2/dependency_plan with 300 mods — ${resolved} resolved, ${sample.inputs.length - resolved} missing, ${sample.dependencies.length} dependencies; one client (latency), ${seconds} s\n`);
      const plan = await post('POST /v2/dependency_plan', `${ready.apiUrl}/v2/dependency_plan`, ready.dependencyPlanBody, 1);
      console.log(`p95 of a 300-mod plan: ${plan.p95.toFixed(1)} ms (goal < ${goals.planP95Ms} ms); ${load()}\n`);
    }

    if (runs('search')) await benchSearch(ready, ask);
    if (runs('analytics')) await benchAnalytics(ready, ask, seconds);
    if (runs('web')) await (await import('./web.js')).benchWeb(ready);
    if (runs('client')) await compareSearchClients();
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Milliseconds until `check` holds, asking every 5 ms (benchmarks measure wall-clock time). */
async function until(check: () => Promise<boolean>, since: number, limitMs = 30_000): Promise<number> {
  for (;;) {
    if (await check()) return Date.now() - since;
    if (Date.now() - since > limitMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Ask = <T>(request: TargetsRequest) => Promise<T>;

async function benchSearch(ready: TargetsReady, ask: Ask): Promise<void> {
  console.log('Search on the synthetic catalogue\n');
  const reindexSeconds = await reindexBenchCatalogue();
  console.log(`full reindex: ${reindexSeconds.toFixed(1)} s (goal ${goals.reindex}); ${load()}\n`);

  // Publish → searchable: a draft approved (status + outbox row committed) until /v2/search finds it.
  const visible = async (key: string) => {
    const response = await fetch(`${ready.apiUrl}/v2/search?limit=1&facets=${encodeURIComponent(JSON.stringify([[`project_id:${key}`]]))}`);
    return ((await response.json()) as { total_hits: number }).total_hits === 1;
  };
  const published: number[] = [];
  const hidden: number[] = [];
  // The first write to a freshly built index also loads it from disk: one round as warm-up.
  for (let i = 0; i <= 20; i++) {
    const { projectId, key, committedAt } = await ask<{ projectId: number; key: string; committedAt: number }>({ type: 'publish' });
    const shown = await until(() => visible(key), committedAt);
    const started = Date.now();
    await ask({ type: 'unpublish', projectId });
    const gone = await until(async () => !(await visible(key)), started);
    if (i === 0) continue;
    published.push(shown);
    hidden.push(gone);
  }
  const delays = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `p50 ${quantile(sorted, 0.5)} ms, p95 ${quantile(sorted, 0.95)} ms, max ${sorted.at(-1)} ms`;
  };
  console.log(`publish → searchable (20 drafts approved): ${delays(published)}; hidden → gone: ${delays(hidden)} (goal < ${goals.publishMs / 1000} s)\n`);

  // The last unpublish may still be in the index's queue (its counting documents go in a second task).
  await ask({ type: 'search-idle' });
  const params = { query: 'synthetic', facets: JSON.stringify([['categories:fabric', 'categories:quilt'], ['versions:1.20.1', 'versions:1.21']]) };
  const apiUrl = `${ready.apiUrl}/v2/search?${new URLSearchParams(params)}`;
  const sample = (await (await fetch(apiUrl)).json()) as { total_hits: number; facet_counts: Record<string, Record<string, number>> };
  const plan = await ask<{ body: string; total: number; facetCounts: Record<string, Record<string, number>> }>({ type: 'search-plan', params });
  const { body } = plan;
  // The direct run must do the API's work: same queries, same answer.
  if (plan.total !== sample.total_hits || JSON.stringify(plan.facetCounts) !== JSON.stringify(sample.facet_counts)) {
    throw new Error(`the direct multi-search does not answer what the API answers: ${JSON.stringify({ api: sample, direct: plan })}`);
  }
  const direct = {
    url: `${ready.meilisearch.url}/multi-search`,
    method: 'POST' as const,
    body,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ready.meilisearch.key}` },
  };
  console.log(`GET /v2/search?query=synthetic&facets=[loader OR loader][version OR version] — ${sample.total_hits} hits, ${Object.keys(sample.facet_counts).length} facet fields counted, ${JSON.parse(body).queries.length} queries in one multi-search (sent directly, it answers the same); the same search repeated (identical searches share an answer for SEARCH_CACHE_MS), 20 connections, ${seconds} s each in alternating one-second turns\n`);
  await measure({ label: 'warm-up', url: apiUrl, durationSeconds: 2 });
  await measure({ ...direct, label: 'warm-up', durationSeconds: 2 });
  await ask({ type: 'rss' });
  const [api, meili] = await measureInTurns(
    { label: 'Cairn API  GET /v2/search', url: apiUrl, durationSeconds: seconds },
    { ...direct, label: 'Meilisearch  POST /multi-search', durationSeconds: seconds },
  );
  const memory = await ask<{ rss: number; peak: number }>({ type: 'rss' });
  console.log(formatRow(api));
  console.log(formatRow(meili));
  console.log(`p95 ratio (API / Meilisearch direct): ${(api.p95 / meili.p95).toFixed(2)} (goal ≤ ${goals.searchRatio}); API p95 ${api.p95.toFixed(1)} ms (goal < ${goals.searchP95Ms} ms); ${load()}`);
  console.log(`API process RSS during the search run: peak ${MB(memory.peak)} (goal < ${goals.rssMb} MB)\n`);

  // The same search at 500 different offsets in turn: no two requests within the answer cache's
  // time share an answer. The API counts this search's total and facets once (facet cache) and
  // then asks for hits only; sent straight to Meilisearch, every request carries the whole plan.
  const offsets = Array.from({ length: 500 }, (_, i) => i);
  const { bodies } = await ask<{ bodies: string[] }>({ type: 'search-bodies', searches: offsets.map((offset) => ({ ...params, offset })) });
  const apiPath = new URL(apiUrl).pathname + new URL(apiUrl).search;
  console.log(`The same search at offsets 0…499 in turn (never answered from the answer cache), 20 connections, ${seconds} s each in alternating one-second turns\n`);
  await compareDistinct(
    'paging',
    { url: apiUrl, variants: offsets.map((offset) => ({ path: `${apiPath}&offset=${offset}` })) },
    { ...direct, variants: bodies.map((variantBody) => ({ body: variantBody })) },
    goals.pagingRatio,
    ask,
  );

  // Searches like real traffic (search-mix.ts): 500 to warm up, then 4,000 others in order.
  const mix = searchMix(4_500, 42, SYNTHETIC_PROJECTS);
  const mixBodies = (await ask<{ bodies: string[] }>({ type: 'search-bodies', searches: mix })).bodies;
  const searchPath = (search: Record<string, string>) => `/v2/search?${new URLSearchParams(search)}`;
  const mixed = { filtered: mix.filter((search) => search.facets).length, texts: mix.filter((search) => search.query).length, pages: mix.filter((search) => search.offset).length };
  console.log(
    `A mix like real traffic (terms, prefixes, typos, project numbers or none; 0–3 filters; later pages and other orders): ${mix.length} searches, ` +
      `${mixed.texts} with text, ${mixed.filtered} filtered, ${mixed.pages} past the first page; 20 connections, ${seconds} s each in alternating one-second turns\n`,
  );
  await compareDistinct(
    'mix',
    { url: `${ready.apiUrl}/v2/search`, variants: mix.map((search) => ({ path: searchPath(search) })) },
    { ...direct, variants: mixBodies.map((variantBody) => ({ body: variantBody })) },
    goals.searchRatio,
    ask,
    500,
  );
}

/** The API and Meilisearch direct over the same sequence of distinct searches, each going on where its last turn stopped. */
async function compareDistinct(
  label: string,
  api: { url: string; variants: { path?: string; body?: string }[] },
  direct: { url: string; method: 'POST'; headers: Record<string, string>; variants: { path?: string; body?: string }[] },
  goal: number,
  ask: Ask,
  warmUp = 0,
): Promise<void> {
  const rest = <T,>(values: T[]) => (warmUp ? values.slice(warmUp) : values);
  const first = <T,>(values: T[]) => (warmUp ? values.slice(0, warmUp) : values);
  await measure({ ...api, label: 'warm-up', variants: first(api.variants), durationSeconds: 2 });
  await measure({ ...direct, label: 'warm-up', variants: first(direct.variants), durationSeconds: 2 });
  await ask({ type: 'rss' });
  const [apiResult, meiliResult] = await measureInTurns(
    { ...api, label: `Cairn API  GET /v2/search (${label})`, variants: rest(api.variants), cursor: { next: 0 }, durationSeconds: seconds },
    { ...direct, label: `Meilisearch  (${label})`, variants: rest(direct.variants), cursor: { next: 0 }, durationSeconds: seconds },
  );
  const memory = await ask<{ rss: number; peak: number }>({ type: 'rss' });
  console.log(formatRow(apiResult));
  console.log(formatRow(meiliResult));
  console.log(`p95 ratio (API / Meilisearch direct): ${(apiResult.p95 / meiliResult.p95).toFixed(2)} (goal ≤ ${goal}); API p95 ${apiResult.p95.toFixed(1)} ms (goal < ${goals.searchP95Ms} ms); ${load()}`);
  console.log(`API process RSS during the ${label} run: peak ${MB(memory.peak)} (goal < ${goals.rssMb} MB)\n`);
}

void main();
