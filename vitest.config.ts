import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { siteContent } from './web/plugins/site-content';

// One runner for every tier, so `npm test` ends with a single summary.
// Workspace packages are consumed from source through the "source" export condition.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    reporters: ['default', './api/test/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'shared-unit', root: 'shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'sandbox-unit', root: 'sandbox', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'api-unit', root: 'api', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api-integration',
          root: 'api',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Real agent processes and game servers: one file at a time on a small machine.
        test: {
          name: 'node-agent',
          root: 'node-agent',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // Markdown content files (web/content) become modules as in the web build.
        plugins: [siteContent({ contentDir: fileURLToPath(new URL('./web/content', import.meta.url)) })],
        test: {
          name: 'web-unit',
          root: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'plugins/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: 'web',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
