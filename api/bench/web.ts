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
const RUNS = 3;

// The website's own measuring scripts (plain ES modules beside its build), loaded by path so
// the figures here are computed exactly as the build prints them.
interface InitialJsModule {
  initialJs(dist: string, routes: string[]): { routes: { route: string; missing: string[]; total: number }[] };
}
interface Browser {
  close(): Promise<void>;
}
interface ColdLcpModule {
  chromiumPath(): string | undefined;
  launchChromium(executablePath: string): Promise<Browser>;
  coldLcp(browser: Browser, url: string, runs: number): Promise<number[]>;
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
 * `npm start` does, against the benchmark's API; prints the search route's initial JavaScript and
 * the LCP of `/mods` over cold loads in headless Chromium.
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
  try {
    const times = await lcp.coldLcp(browser, `${ready.siteUrl}/mods`, RUNS);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(`LCP of /mods, ${RUNS} cold loads: median ${Math.round(median)} ms, worst ${Math.round(times.at(-1)!)} ms (goal median < ${LCP_GOAL_MS} ms)\n`);
  } finally {
    await browser.close();
    await web.close();
  }
}
