// Prints the gzip size of the JavaScript a first visit downloads before the page can render:
// the entry script and its modulepreloads from dist/index.html, plus (optionally) one route chunk.
// Usage: node scripts/bundle-size.mjs [route-chunk-prefix ...]   e.g. `home`
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

let total = 0;
for (const file of initial) {
  const size = gzipSize(file);
  total += size;
  console.log(`${kb(size).padStart(9)}  ${file}`);
}
console.log(`${kb(total).padStart(9)}  initial JS, gzip (shell)`);

for (const prefix of process.argv.slice(2)) {
  const chunk = readdirSync(join(dist, 'assets')).find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
  if (!chunk) {
    console.error(`No route chunk named ${prefix}-*.js`);
    process.exitCode = 1;
    continue;
  }
  const size = gzipSize(`assets/${chunk}`);
  console.log(`${kb(total + size).padStart(9)}  initial JS with the ${prefix} route (+${kb(size)})`);
}
