// The gzip size of the JavaScript a first visit downloads before the page can render: the entry
// chunk and every chunk it imports statically, plus (optionally) a route module's chunk and every
// chunk that one imports statically (shared chunks counted once). The graph comes from Vite's
// manifest (dist/.vite/manifest.json), so chunk file names (content hashes) do not matter.
// Used by scripts/bundle-size.mjs (the build's printout) and the API's benchmark (api/bench/web.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * @typedef {{ label: string, bytes: number }} ChunkSize
 * @typedef {{ chunks: ChunkSize[], total: number }} ShellSize
 * @typedef {{ route: string, missing: string[], extra: ChunkSize[], total: number }} RouteSize
 */

/**
 * @param {string} dist the build's output folder (web/dist)
 * @param {string[]} routes `route[:area,area…]`: a module under src/app/routes without its extension
 *   (`search`, `project/layout`) and the en-US message areas it loads with it (src/locales/<area>/en-US.json)
 * @returns {{ shell: ShellSize, routes: RouteSize[] }}
 */
export function initialJs(dist, routes) {
  /** @type {Record<string, {file: string, name?: string, src?: string, imports?: string[]}>} */
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const gzipSize = (key) => gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length;
  const label = (key) => manifest[key].name ?? manifest[key].src ?? key;

  /** The manifest keys of `keys` and of every chunk they import statically. */
  const closure = (keys) => {
    const seen = new Set();
    const stack = [...keys];
    while (stack.length > 0) {
      const key = stack.pop();
      if (seen.has(key)) continue;
      seen.add(key);
      stack.push(...(manifest[key].imports ?? []));
    }
    return seen;
  };

  const shellKeys = closure(['index.html']);
  const chunks = [...shellKeys].map((key) => ({ label: label(key), bytes: gzipSize(key) }));
  const shellTotal = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);

  const routeSizes = routes.map((route) => {
    const [module, areaList = ''] = route.split(':');
    const wanted = [
      [module, Object.keys(manifest).find((key) => new RegExp(`^src/app/routes/${module}\\.tsx?$`).test(key))],
      ...areaList
        .split(',')
        .filter(Boolean)
        .map((area) => [`${area} messages`, Object.keys(manifest).find((key) => manifest[key].name === `messages-${area}-en-US`)]),
    ];
    const missing = wanted.filter(([, key]) => !key).map(([name]) => name);
    if (missing.length > 0) return { route, missing, extra: [], total: Number.NaN };
    const extra = [...closure(wanted.map(([, key]) => key))].filter((key) => !shellKeys.has(key)).map((key) => ({ label: label(key), bytes: gzipSize(key) }));
    return { route, missing, extra, total: shellTotal + extra.reduce((sum, chunk) => sum + chunk.bytes, 0) };
  });
  return { shell: { chunks, total: shellTotal }, routes: routeSizes };
}

/** `170.0 KB` */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
