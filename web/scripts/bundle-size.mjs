// Prints the gzip size of the JavaScript a first visit downloads before the page can render (see
// scripts/initial-js.mjs for what counts).
// Usage: node scripts/bundle-size.mjs [route[:area,area…] ...] [--max=<KB>]
//   route: a module under src/app/routes without its extension (`search`, `project/layout`);
//   areas: the en-US message areas the route loads with it (src/locales/<area>/en-US.json).
// `--max=<KB>` makes the script fail when a route's total goes over the budget.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initialJs, kb } from './initial-js.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const args = process.argv.slice(2);
const budget = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? Number.NaN);
const { shell, routes } = initialJs(
  dist,
  args.filter((a) => !a.startsWith('--')),
);

for (const chunk of shell.chunks) console.log(`${kb(chunk.bytes).padStart(9)}  ${chunk.label}`);
console.log(`${kb(shell.total).padStart(9)}  initial JS, gzip (shell)`);

for (const { route, missing, extra, total } of routes) {
  if (missing.length > 0) {
    console.error(`Not in the build: ${missing.join(', ')}`);
    process.exitCode = 1;
    continue;
  }
  const parts = extra.map((chunk) => `${chunk.label} ${kb(chunk.bytes)}`).join(', ');
  console.log(`${kb(total).padStart(9)}  initial JS with the ${route} route (+${kb(total - shell.total)}: ${parts})`);
  if (total / 1024 > budget) {
    console.error(`The ${route} route is over its budget of ${budget} KB.`);
    process.exitCode = 1;
  }
}
