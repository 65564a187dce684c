// Measures the Largest Contentful Paint of the main pages in headless Chromium against a running
// Cairn (`npm start`), each page loaded cold (fresh browser profile) three times; prints the
// median and the worst, and exits with 1 when a median is over the budget.
// Usage: node scripts/lcp.mjs [site URL, default http://127.0.0.1:3000] [--budget=1000]
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const site = (args.find((a) => !a.startsWith('--')) ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const budget = Number(args.find((a) => a.startsWith('--budget='))?.slice(9) ?? 1000);
const RUNS = 3;
const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
if (!executablePath) {
  console.error('Needs Chromium (set CHROMIUM_PATH).');
  process.exit(1);
}

// A project and a creator from the catalogue itself, so the script works on any instance. The
// API's address is the one the site hands its pages (/runtime-config.js).
async function samplePaths() {
  const config = await (await fetch(`${site}/runtime-config.js`)).text();
  const api = /"apiUrl":"([^"]*)"/.exec(config)?.[1] || site;
  const response = await fetch(`${api}/v2/search?limit=1&index=downloads`);
  const hit = response.ok ? (await response.json()).hits[0] : undefined;
  return ['/', '/mods', '/resourcepacks', ...(hit ? [`/project/${hit.project_id}`, `/user/${hit.author}`] : [])];
}

const browser = await chromium.launch({ executablePath, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
let over = false;
try {
  for (const path of await samplePaths()) {
    const times = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
      // All entries so far arrive at once (buffered); the last one is the final LCP. A page that
      // never paints anything large counts as over the budget instead of hanging the script.
      const lcp = await page.evaluate(
        () =>
          new Promise((resolve) => {
            setTimeout(() => resolve(Number.NaN), 10_000);
            new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
              type: 'largest-contentful-paint',
              buffered: true,
            });
          }),
      );
      times.push(lcp);
      await context.close();
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    if (!(median <= budget)) over = true;
    console.log(`${`${Math.round(median)} ms`.padStart(8)}  LCP median of ${RUNS} cold loads (worst ${Math.round(times.at(-1))} ms)  ${path}`);
  }
} finally {
  await browser.close();
}
if (over) {
  console.error(`A page is over the ${budget} ms budget.`);
  process.exitCode = 1;
}
