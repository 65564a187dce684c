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
