import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { workspaceRoot } from '../src/config.js';
import { buildWebServer } from '../src/web-server.js';
import type { TargetsReady } from './targets.js';
import { reindexBenchCatalogue } from './reindex.js';

/** The search route's first download (gzip) and LCP of `/mods`: the goals of the web row. */
const BUDGET_KB = 150;
const LCP_GOAL_MS = 800;
const PAINT_GOAL_MS = 800;
const RUNS = 5;
/** Added to every request in the waterfall runs (DevTools network emulation). */
const LATENCY_MS = 100;

// The website's own measuring scripts (plain ES modules beside its build), loaded by path so
// the figures here are computed exactly as the build prints them.
interface InitialJsModule {
  initialJs(dist: string, routes: string[]): { routes: { route: string; missing: string[]; total: number }[] };
}
interface Browser {
  close(): Promise<void>;
}
interface ColdLoad {
  lcp: number;
  marker: number;
  dataStart: number;
}
interface ColdLcpModule {
  chromiumPath(): string | undefined;
  launchChromium(executablePath: string): Promise<Browser>;
  coldLoads(browser: Browser, url: string, options: { runs: number; marker: string; request: string; latencyMs?: number }): Promise<ColdLoad[]>;
  median(values: number[]): number;
}
const webScript = async <T>(name: string) => (await import(pathToFileURL(join(workspaceRoot(), 'web', 'scripts', name)).href)) as T;

/** The search page needs an index with projects; a freshly seeded catalogue has none until a reindex. */
async function ensureSearchable(apiUrl: string): Promise<void> {
  const response = await fetch(`${apiUrl}/v2/search?limit=1`);
  if (((await response.json()) as { total_hits: number }).total_hits > 0) return;
  console.log('The search index is empty: reindexing the synthetic catalogue first (`npm run cli -- reindex`).');
  await reindexBenchCatalogue();
}

/**
 * `BENCH_ONLY=web`: the built website (web/dist) served by the API's own web server, as
 * `npm start` does, against the benchmark's API; prints the search route's initial JavaScript,
 * and for `/mods` and a project page over cold loads in headless Chromium: when the first result
 * card (the project's title) is painted, the LCP, and how many round trips come before the page's
 * data request.
 */
export async function benchWeb(ready: TargetsReady): Promise<void> {
  const dist = join(workspaceRoot(), 'web', 'dist');
  if (!existsSync(join(dist, '.vite', 'manifest.json'))) {
    console.log('\nWeb: web/dist is not built, nothing to measure. Build it first: npx -y pnpm@10.34.8 --filter @cairn/web run build\n');
    return;
  }
  console.log('\nWeb: the built site served by the API web server, against the benchmark API (loopback)\n');
  const { initialJs } = await webScript<InitialJsModule>('initial-js.mjs');
  const [search] = initialJs(dist, ['search:discover']).routes;
  if (!search || search.missing.length > 0) throw new Error(`web/dist has no search route (${search?.missing.join(', ')}): rebuild it`);
  console.log(`initial JS of the search route, gzip: ${(search.total / 1024).toFixed(1)} KB (goal ≤ ${BUDGET_KB} KB)`);

  const lcp = await webScript<ColdLcpModule>('cold-lcp.mjs');
  const executablePath = lcp.chromiumPath();
  if (!executablePath) {
    console.log('LCP: no Chromium found (install Debian chromium or set CHROMIUM_PATH); skipped.\n');
    return;
  }
  await ensureSearchable(ready.apiUrl);
  const site = new URL(ready.siteUrl);
  const web = await buildWebServer({ root: dist, apiUrl: ready.apiUrl });
  await web.listen({ host: site.hostname, port: Number(site.port) });
  const browser = await lcp.launchChromium(executablePath);
  const ms = (value: number) => (Number.isNaN(value) ? 'none' : `${Math.round(value)} ms`);
  try {
    const project = await sampleProject(ready.apiUrl);
    const pages = [
      { path: '/mods', marker: 'first-result', what: 'first result card', request: '/v2/search' },
      ...(project ? [{ path: project.path, marker: 'project-title', what: 'project title', request: `/v2/project/${project.slug}` }] : []),
    ];
    for (const { path, marker, what, request } of pages) {
      const loads = await lcp.coldLoads(browser, `${ready.siteUrl}${path}`, { runs: RUNS, marker, request });
      const paint = lcp.median(loads.map((load) => load.marker));
      const largest = lcp.median(loads.map((load) => load.lcp));
      console.log(
        `${path}, ${RUNS} cold loads: ${what} painted median ${ms(paint)} (goal < ${PAINT_GOAL_MS} ms), LCP median ${ms(largest)} (goal < ${LCP_GOAL_MS} ms), data request left at ${ms(lcp.median(loads.map((load) => load.dataStart)))}`,
      );
      const slow = await lcp.coldLoads(browser, `${ready.siteUrl}${path}`, { runs: RUNS, marker, request, latencyMs: LATENCY_MS });
      const start = lcp.median(slow.map((load) => load.dataStart));
      console.log(
        `${path} with ${LATENCY_MS} ms added to every request: data request left at ${ms(start)} (${(start / LATENCY_MS).toFixed(1)} × the latency), ${what} painted ${ms(lcp.median(slow.map((load) => load.marker)))}`,
      );
    }
    console.log('');
  } finally {
    await browser.close();
    await web.close();
  }
}

/** A public project of the catalogue and its page's path (the search API's first hit). */
async function sampleProject(apiUrl: string): Promise<{ slug: string; path: string } | undefined> {
  const response = await fetch(`${apiUrl}/v2/search?limit=1&index=downloads`);
  const hit = ((await response.json()) as { hits: { slug: string; project_type: string }[] }).hits[0];
  return hit ? { slug: hit.slug, path: `/${hit.project_type}/${hit.slug}` } : undefined;
}
