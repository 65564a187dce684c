import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

export default defineConfig(({ command }) => {
  const buildId = command === 'build' ? `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}` : 'dev';
  return {
    plugins: [react(), runtimeConfig(), buildInfo(buildId)],
    // Workspace packages are consumed from TypeScript source through the "source" export condition.
    resolve: { conditions: ['source', ...defaultClientConditions] },
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
            ],
          },
        },
      },
    },
  };
});
