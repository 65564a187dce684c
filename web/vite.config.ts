import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { nestedPagesChunk, type NestedPages } from './plugins/page-chunks';
import { routePreloads } from './plugins/route-preloads';
import { siteContent } from './plugins/site-content';
import { ROUTE_PRELOADS } from './src/app/route-preloads';
import { catalogProblems } from './src/lib/i18n/catalog-check';

const webRoot = dirname(fileURLToPath(import.meta.url));
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
 * Precompiles the message catalogs (`src/locales/*.json` and `src/locales/<area>/*.json`, ICU
 * MessageFormat strings) to the ICU AST at build time. Together with the alias below, which swaps the runtime parser for its
 * no-parser entry, the browser never downloads the parser (about 8 KB gzip). The output is still
 * JSON, so Vite's own JSON handling continues from there. Tests and the dev server parse at runtime.
 * A translated catalog that lacks an English message, or whose message takes other arguments,
 * fails the build.
 */
function precompileMessages(): Plugin {
  return {
    name: 'cairn:precompile-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]locales[\\/](?:[^\\/]+[\\/])?[^\\/]+\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      if (!/[\\/]en-US\.json$/.test(id)) {
        const english = JSON.parse(readFileSync(join(dirname(id), 'en-US.json'), 'utf8')) as Record<string, string>;
        const problems = catalogProblems(english, messages);
        if (problems.length > 0) this.error(`${id.slice(webRoot.length + 1)} does not match the English catalog:\n${problems.join('\n')}`);
      }
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parseIcu(message)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * zod's classic API gives every schema JSON Schema generation (`.toJSONSchema()`, the Standard
 * Schema `jsonSchema` property, the `minLength`/`maxLength`/`format` getters of strings), which
 * pulls zod's generator (about 5 KB gzip) into the first download of every page, although only the
 * API generates JSON Schema (for its OpenAPI document). In the production web build the two
 * generator modules are replaced by stand-ins with the same exports that throw when called, so
 * parsing works as before and any use of those features fails loudly instead of quietly. The
 * build fails if zod's files move (the stand-ins would otherwise silently stop applying).
 */
function zodWithoutJsonSchema(): Plugin {
  const generatorModule = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
  const replaced = new Set<string>();
  return {
    name: 'cairn:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const match = generatorModule.exec(id);
      if (!match) return null;
      replaced.add(match[1]!);
      const names = Object.keys((await import(pathToFileURL(id).href)) as Record<string, unknown>);
      const message = JSON.stringify(`zod's JSON Schema support (${match[1]}) is left out of the web build; see vite.config.ts`);
      return [
        `function unavailable() { throw new Error(${message}); }`,
        // The method factories run when a schema's `~standard` is read; only the methods they make throw.
        'function makeUnavailable() { return unavailable; }',
        ...names.map((name) => `export { ${name.startsWith('create') ? 'makeUnavailable' : 'unavailable'} as ${name} };`),
      ].join('\n');
    },
    buildEnd(error) {
      if (!error && replaced.size !== 2) this.error(`zod's JSON Schema modules were not found (replaced: ${[...replaced].join(', ') || 'none'}); update zodWithoutJsonSchema()`);
    },
  };
}

/**
 * React Router's published build declares its components at the top level with `forwardRef(...)`
 * calls and `X.displayName = "…"` assignments, which a bundler must keep as possible side effects,
 * so every page downloaded `<Form>`, `useSubmit` and the code they use (about 1 KB gzip) although
 * the app uses none of them. In the production build the calls are marked pure and the
 * assignments (names for React DevTools only) dropped, so unused components are left out. The
 * build fails if the package stops matching (the change would otherwise silently stop applying).
 */
function reactRouterTreeShaking(): Plugin {
  const routerModule = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](?:development|production)[\\/]chunk-[\w-]+\.mjs$/;
  let changed = 0;
  return {
    name: 'cairn:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!routerModule.test(id) || !code.includes('.forwardRef(')) return null;
      changed += 1;
      const pure = code
        .replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(')
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '');
      return { code: pure, map: null };
    },
    buildEnd(error) {
      if (!error && changed === 0) this.error("react-router's forwardRef components were not found; update reactRouterTreeShaking()");
    },
  };
}

/**
 * shared/src is pure by contract (no module state, nothing happens at import), so a call to any
 * function or schema it declares can be dropped when its result is unused. A bundler cannot know
 * that (`Id.nullable()` might have side effects) and would otherwise ship every schema of a
 * module — and the zod features they use — to any page needing one of them. These names (plus
 * `z`) are declared pure; names also declared in web/src are left out, so only shared's count.
 */
function sharedPureFunctions(): string[] {
  const declared = (dir: string) => {
    const names = new Set<string>();
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const code = readFileSync(join(dir, file), 'utf8');
      for (const match of code.matchAll(/^(?:export )?(?:const|function) ([\w$]+)/gm)) names.add(match[1]!);
    }
    return names;
  };
  const web = declared(join(webRoot, 'src'));
  return ['z', ...[...declared(join(webRoot, '..', 'shared', 'src'))].filter((name) => !web.has(name))];
}

/**
 * CSS Module class names in builds: the local name and a hash of the file. Every class of one file
 * shares the suffix, so the class maps (JavaScript in the initial chunks) compress better than with
 * a hash per class.
 */
function scopedClassName(local: string, filename: string): string {
  const path = filename.split('?')[0]!;
  return `${local}_${createHash('sha256').update(path.slice(webRoot.length)).digest('base64url').slice(0, 5)}`;
}

/** The project pages (tabs, versions, editors) render inside the project layout and load with it. */
const PROJECT_PAGES: NestedPages = { name: 'project-pages', layout: 'src/app/routes/project/layout.tsx', pages: /^src\/app\/routes\/project\/(?!settings\/)/ };

export default defineConfig(({ command }) => {
  const buildId = command === 'build' ? `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}` : 'dev';
  return {
    plugins: [
      react(),
      runtimeConfig(),
      buildInfo(buildId),
      precompileMessages(),
      zodWithoutJsonSchema(),
      reactRouterTreeShaking(),
      siteContent({ contentDir: join(webRoot, 'content'), siteUrl: process.env.CAIRN_SITE_URL }),
      routePreloads(webRoot, ROUTE_PRELOADS),
    ],
    resolve: {
      // Workspace packages are consumed from TypeScript source through the "source" export condition.
      conditions: ['source', ...defaultClientConditions],
      alias:
        command === 'build'
          ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }]
          : [],
    },
    define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
    css: { modules: command === 'build' ? { generateScopedName: scopedClassName } : {} },
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
      manifest: true,
      rolldownOptions: {
        treeshake: { manualPureFunctions: command === 'build' ? sharedPureFunctions() : [] },
        output: {
          chunkFileNames: 'assets/[hash].js',
          assetFileNames: 'assets/[hash][extname]',
          // Route modules are split by their dynamic import() in app/router.tsx. Libraries get their
          // own long-lived chunks so an app-only deploy does not invalidate them in browser caches.
          codeSplitting: {
            groups: [
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
              // Infinite queries (only a server's activity log uses them) stay with that page's code.
              { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](?!.*[\\/](infiniteQueryObserver|infiniteQueryOptions|useInfiniteQuery)\.js$)/, priority: 2 },
              { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
              // The app's own code every page runs, in one chunk with the entry's other modules.
              { name: 'shell', tags: ['$initial'], test: /[\\/](web|shared)[\\/]src[\\/]/, priority: 0 },
              { name: 'intl', test: /[\\/]node_modules[\\/](react-intl|@formatjs|intl-messageformat)[\\/]/, priority: 1 },
              // What the catalogue pages (search, project, profile, home) share: one chunk rather
              // than a dozen small ones, each with its own request and compression overhead.
              {
                name: 'catalogue',
                test: /[\\/]web[\\/]src[\\/](components[\\/]project-card[\\/](card-data|project-card|project-card-list|project-icon)\.(tsx?|css)|components[\\/]pagination[\\/]|components[\\/]ui[\\/](content-icons|format|svg-icon|input|empty-state)\.tsx|components[\\/]ui[\\/](input|svg-icon|empty-state|filter-chips)\.module\.css|features[\\/]search[\\/]components[\\/]select-field\.module\.css|lib[\\/]sanitize-svg\.ts|features[\\/]search[\\/](components[\\/]search-input\.(tsx|css)|api[\\/])|features[\\/]tags[\\/]api[\\/]|lib[\\/]use-formatters\.ts|features[\\/]billing[\\/]utils[\\/]money\.ts)|[\\/]shared[\\/]src[\\/](format[\\/](numbers|dates|categories|tag-labels|bytes|money|intl-cache)\.ts|constants[\\/](loaders|categories|environments|side-types|search|svg-icon|game-version-types)\.ts)/,
                priority: 2,
                // Their libraries (zod, react…) stay in the shell's chunks.
                includeDependenciesRecursively: false,
              },
              // What the project layout shares only with the pages under it: one chunk, which every
              // project page loads anyway (plugins/page-chunks.ts).
              {
                name: nestedPagesChunk(webRoot, PROJECT_PAGES),
                debugName: 'project-pages',
                test: /[\\/]web[\\/]src[\\/]/,
                priority: 1,
                includeDependenciesRecursively: false,
              },
              // Each page area's messages (src/locales/<area>/<locale>.json) is its own chunk.
              {
                name: (id: string) => {
                  const match = /[\\/]src[\\/]locales[\\/]([a-z]+)[\\/]([\w-]+)\.json$/.exec(id);
                  return match ? `messages-${match[1]}-${match[2]}` : null;
                },
                test: /[\\/]src[\\/]locales[\\/][a-z]+[\\/]/,
                priority: 4,
              },
            ],
          },
        },
      },
    },
  };
});
