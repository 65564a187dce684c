// Prints the gzip size of the JavaScript a first visit downloads before the page can render:
// the entry chunk and every chunk it imports statically, plus (optionally) a route module's chunk
// and every chunk that one imports statically (shared chunks counted once). The graph comes from
// Vite's manifest (dist/.vite/manifest.json), so chunk file names (content hashes) do not matter.
// Usage: node scripts/bundle-size.mjs [route[:area,area…] ...] [--max=<KB>]
//   route: a module under src/app/routes without its extension (`search`, `project/layout`);
//   areas: the en-US message areas the route loads with it (src/locales/<area>/en-US.json).
// `--max=<KB>` makes the script fail when a route's total goes over the budget.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
/** @type {Record<string, {file: string, name?: string, src?: string, imports?: string[]}>} */
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const args = process.argv.slice(2);
const budget = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? Number.NaN);
const routes = args.filter((a) => !a.startsWith('--'));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (key) => gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length;
const label = (key) => manifest[key].name ?? manifest[key].src ?? key;

/** The manifest keys of `keys` and of every chunk they import statically. */
function closure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

const shell = closure(['index.html']);
let total = 0;
for (const key of shell) {
  const size = gzipSize(key);
  total += size;
  console.log(`${kb(size).padStart(9)}  ${label(key)}`);
}
console.log(`${kb(total).padStart(9)}  initial JS, gzip (shell)`);

for (const route of routes) {
  const [module, areaList = ''] = route.split(':');
  const wanted = [
    [module, Object.keys(manifest).find((key) => new RegExp(`^src/app/routes/${module}\\.tsx?$`).test(key))],
    ...areaList
      .split(',')
      .filter(Boolean)
      .map((area) => [`${area} messages`, Object.keys(manifest).find((key) => manifest[key].name === `messages-${area}-en-US`)]),
  ];
  const missing = wanted.filter(([, key]) => !key).map(([name]) => name);
  if (missing.length > 0) {
    console.error(`Not in the build: ${missing.join(', ')}`);
    process.exitCode = 1;
    continue;
  }
  const extra = [...closure(wanted.map(([, key]) => key))].filter((key) => !shell.has(key));
  const sizes = extra.map((key) => [key, gzipSize(key)]);
  const routeTotal = total + sizes.reduce((sum, [, size]) => sum + size, 0);
  const parts = sizes.map(([key, size]) => `${label(key)} ${kb(size)}`).join(', ');
  console.log(`${kb(routeTotal).padStart(9)}  initial JS with the ${route} route (+${kb(routeTotal - total)}: ${parts})`);
  if (routeTotal / 1024 > budget) {
    console.error(`The ${route} route is over its budget of ${budget} KB.`);
    process.exitCode = 1;
  }
}
