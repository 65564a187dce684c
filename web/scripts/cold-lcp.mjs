// Largest Contentful Paint of a page in headless Chromium, each load cold (a fresh browser
// context: no cache, no cookies). Used by scripts/lcp.mjs and the API's benchmark (api/bench/web.ts).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Debian's Chromium (or CHROMIUM_PATH); undefined when none is installed. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
}

/** Headless, and nothing that talks to the network behind the page's back (it would skew timings). */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** @param {string} executablePath */
export function launchChromium(executablePath) {
  return chromium.launch({ executablePath, headless: true, args: ARGS });
}

/**
 * LCP in ms of `runs` cold loads of `url`, sorted. A page that never paints anything large gives
 * NaN (over any budget) instead of hanging.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {number} runs
 */
export async function coldLcp(browser, url, runs) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    // All entries so far arrive at once (buffered); the last one is the final LCP.
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
  return times.sort((a, b) => a - b);
}

/**
 * @typedef {{ lcp: number, marker: number, dataStart: number }} ColdLoad
 * `lcp`: Largest Contentful Paint; `marker`: first paint of the element named `elementtiming`
 * (Element Timing); `dataStart`: when the first request whose URL contains `request` left. All in
 * ms since navigation start; NaN when it did not happen within 10 s.
 */

/**
 * `runs` cold loads of `url` (fresh context each), each with its paint marker and the start of its
 * data request. With `latencyMs`, Chromium adds that delay to every request (DevTools network
 * emulation), the way a slow link would: each round trip the page makes before asking for its
 * data then shows in `dataStart`.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ runs: number, marker: string, request: string, latencyMs?: number }} options
 * @returns {Promise<ColdLoad[]>}
 */
export async function coldLoads(browser, url, { runs, marker, request, latencyMs }) {
  /** @type {ColdLoad[]} */
  const loads = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (latencyMs) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: latencyMs, downloadThroughput: -1, uploadThroughput: -1 });
    }
    await page.goto(url, { waitUntil: 'networkidle' });
    const load = await page.evaluate(
      ({ marker, request }) =>
        new Promise((resolve) => {
          /** @param {string} type @param {(entries: PerformanceEntry[]) => number} pick */
          const observed = (type, pick) =>
            new Promise((done) => {
              setTimeout(() => done(Number.NaN), 10_000);
              new PerformanceObserver((list) => done(pick(list.getEntries()))).observe({ type, buffered: true });
            });
          const dataStart = performance.getEntriesByType('resource').find((entry) => entry.name.includes(request))?.startTime ?? Number.NaN;
          void Promise.all([
            observed('largest-contentful-paint', (entries) => entries.at(-1)?.startTime ?? Number.NaN),
            observed('element', (entries) => {
              const entry = entries.find((candidate) => /** @type {{ identifier?: string }} */ (candidate).identifier === marker);
              return entry ? /** @type {{ renderTime: number, loadTime: number }} */ (entry).renderTime || /** @type {{ loadTime: number }} */ (entry).loadTime : Number.NaN;
            }),
          ]).then(([lcp, paint]) => resolve({ lcp, marker: paint, dataStart }));
        }),
      { marker, request },
    );
    loads.push(/** @type {ColdLoad} */ (load));
    await context.close();
  }
  return loads;
}

/** The median of `values` (NaN counts as larger than any number). */
export function median(values) {
  const sorted = [...values].sort((a, b) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b));
  return sorted[Math.floor(sorted.length / 2)];
}
