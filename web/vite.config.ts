import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const webPort = Number(process.env.WEB_PORT ?? 3000);
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8000}`;

/**
 * The production server writes `/runtime-config.js` at start-up with the API's public URL, so one
 * build can be deployed anywhere. In dev and preview we answer it here with an empty apiUrl,
 * meaning "same origin": requests to /v2 go through the proxy below.
 */
function runtimeConfig(): Plugin {
  const body = `window.__CAIRN_CONFIG__ = ${JSON.stringify({ apiUrl: '' })};\n`;
  const handle = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/runtime-config.js') return next();
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  };
  return {
    name: 'cairn:runtime-config',
    configureServer: (server) => void server.middlewares.use(handle),
    configurePreviewServer: (server) => void server.middlewares.use(handle),
  };
}

/**
 * Emits `dist/build.json` ({ buildId, builtAt }) for new-build detection. The same id is compiled
 * into the bundle as `import.meta.env.VITE_BUILD_ID`, so the running app can compare the two.
 */
function buildInfo(buildId: string): Plugin {
  return {
    name: 'cairn:build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: `${JSON.stringify({ buildId, builtAt: new Date().toISOString() }, null, 2)}\n`,
      });
    },
  };
}

/**
 * Precompiles the message catalogs (`src/locales/*.json` and the area catalogs
 * `src/locales/<area>/*.json`, ICU MessageFormat strings) to the ICU
 * AST at build time. Together with the alias below, which swaps the runtime parser for its
 * no-parser entry, the browser never downloads the parser (about 8 KB gzip). The output is still
 * JSON, so Vite's own JSON handling continues from there. Tests and the dev server parse at runtime.
 */
function precompileMessages(): Plugin {
  return {
    name: 'cairn:precompile-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]locales[\\/](?:[^\\/]+[\\/])?[^\\/]+\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parseIcu(message)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

export default defineConfig(({ command }) => {
  const buildId = command === 'build' ? `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}` : 'dev';
  return {
    plugins: [react(), runtimeConfig(), buildInfo(buildId), precompileMessages()],
    resolve: {
      // Workspace packages are consumed from TypeScript source through the "source" export condition.
      conditions: ['source', ...defaultClientConditions],
      alias:
        command === 'build'
          ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }]
          : [],
    },
    define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
    server: {
      host: '127.0.0.1',
      port: webPort,
      strictPort: true,
      proxy: { '/v2': apiTarget, '/health': apiTarget },
    },
    preview: {
      host: '127.0.0.1',
      port: webPort,
      strictPort: true,
      proxy: { '/v2': apiTarget, '/health': apiTarget },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      target: 'es2022',
      rolldownOptions: {
        output: {
          // Route modules are split by their dynamic import() in app/router.tsx. Libraries get their
          // own long-lived chunks so an app-only deploy does not invalidate them in browser caches.
          codeSplitting: {
            groups: [
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
              { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 2 },
              { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
              { name: 'intl', test: /[\\/]node_modules[\\/](react-intl|@formatjs|intl-messageformat)[\\/]/, priority: 1 },
            ],
          },
        },
      },
    },
  };
});
