// Prints the gzip size of the JavaScript a first visit downloads before the page can render:
// the entry script and its modulepreloads from dist/index.html, plus (optionally) a route's
// chunk and every chunk it imports statically (shared chunks included, each counted once).
// Usage: node scripts/bundle-size.mjs [route[:area,area…] ...] [--max=<KB>]
//   e.g. `search:discover home:discover,home`: a route chunk and the en-US message areas it loads
//   with it (src/locales/<area>/en-US.json, chunk `messages-<area>-en-US`).
// `--max=<KB>` makes the script fail when a route's total goes over the budget.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]);

const args = process.argv.slice(2);
const budget = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? Number.NaN);
const routes = args.filter((a) => !a.startsWith('--'));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** Static imports of a built chunk (`import … from"./x.js"`, `import"./x.js"`), as dist-relative paths. */
function staticImports(file) {
  const code = readFileSync(join(dist, file), 'utf8');
  const dir = dirname(file);
  return [...code.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["'](\.\/[^"']+\.js)["']/g)].map((m) => join(dir, m[1]));
}

function closure(files) {
  const seen = new Set();
  const stack = [...files];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

const shell = closure(initial);
let total = 0;
for (const file of shell) {
  const size = gzipSize(file);
  total += size;
  console.log(`${kb(size).padStart(9)}  ${file}`);
}
console.log(`${kb(total).padStart(9)}  initial JS, gzip (shell)`);

const assets = readdirSync(join(dist, 'assets'));

for (const route of routes) {
  const [prefix, areaList = ''] = route.split(':');
  const names = [prefix, ...areaList.split(',').filter(Boolean).map((area) => `messages-${area}-en-US`)];
  const chunks = names.map((name) => [name, assets.find((f) => f.endsWith('.js') && new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f))]);
  const missing = chunks.filter(([, file]) => !file).map(([name]) => name);
  if (missing.length > 0) {
    console.error(`No chunk named ${missing.join(', ')}-*.js`);
    process.exitCode = 1;
    continue;
  }
  const extra = [...closure(chunks.map(([, file]) => `assets/${file}`))].filter((file) => !shell.has(file));
  const sizes = extra.map((file) => [file, gzipSize(file)]);
  const routeTotal = total + sizes.reduce((sum, [, size]) => sum + size, 0);
  const parts = sizes.map(([file, size]) => `${file.replace(/^assets\//, '')} ${kb(size)}`).join(', ');
  console.log(`${kb(routeTotal).padStart(9)}  initial JS with the ${route} route (+${kb(routeTotal - total)}: ${parts})`);
  if (routeTotal / 1024 > budget) {
    console.error(`The ${route} route is over its budget of ${budget} KB.`);
    process.exitCode = 1;
  }
}
