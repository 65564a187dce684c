// Measures the Largest Contentful Paint of the main pages in headless Chromium against a running
// Cairn (`npm start`), each page loaded cold (fresh browser profile) three times; prints the
// median and the worst, and exits with 1 when a median is over the budget.
// Usage: node scripts/lcp.mjs [site URL, default http://127.0.0.1:3000] [--budget=1000]
import { chromiumPath, coldLcp, launchChromium } from './cold-lcp.mjs';

const args = process.argv.slice(2);
const site = (args.find((a) => !a.startsWith('--')) ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const budget = Number(args.find((a) => a.startsWith('--budget='))?.slice(9) ?? 1000);
const RUNS = 3;
const executablePath = chromiumPath();
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

const browser = await launchChromium(executablePath);
let over = false;
try {
  for (const path of await samplePaths()) {
    const times = await coldLcp(browser, `${site}${path}`, RUNS);
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
