import { describe, expect, it } from 'vitest';
import { routePreloadsFile, type PreloadChunk } from './route-preloads';

const root = '/repo/web';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], extra: Partial<PreloadChunk> = {}): PreloadChunk => ({
  fileName,
  moduleIds: moduleIds.map((id) => `${root}/${id}`),
  imports,
  isEntry: false,
  viteMetadata: { importedCss: new Set<string>() },
  ...extra,
});

const css = (...files: string[]) => ({ viteMetadata: { importedCss: new Set(files) } });

const chunks = [
  chunk('assets/entry.js', ['src/main.tsx'], ['assets/react.js'], { isEntry: true }),
  chunk('assets/react.js', ['node_modules/react/index.js']),
  chunk('assets/search.js', ['src/app/routes/search.tsx'], ['assets/catalogue.js', 'assets/react.js'], css('assets/search.css')),
  // A group chunk holding several modules, the search data among them.
  chunk('assets/catalogue.js', ['src/app/initial-data/search-page.ts', 'src/features/tags/api/tags-queries.ts'], ['assets/format.js'], css('assets/catalogue.css')),
  chunk('assets/format.js', ['shared/src/format/numbers.ts']),
  chunk('assets/home.js', ['src/app/routes/home.tsx'], ['assets/react.js']),
];

describe('route preloads', () => {
  it("lists each pattern's chunks beyond the entry's, the first module's first, with their CSS", () => {
    const file = routePreloadsFile(root, [{ pattern: '^/mods/?$', modules: ['src/app/initial-data/search-page.ts', 'src/app/routes/search.tsx'] }], chunks);
    expect(file.routes).toEqual([
      { pattern: '^/mods/?$', scripts: ['assets/catalogue.js', 'assets/format.js', 'assets/search.js'], styles: ['assets/catalogue.css', 'assets/search.css'] },
    ]);
  });

  it('leaves out what the entry loads anyway', () => {
    const [home] = routePreloadsFile(root, [{ pattern: '^/$', modules: ['src/app/routes/home.tsx'] }], chunks).routes;
    expect(home!.scripts).toEqual(['assets/home.js']);
  });

  it('fails on a module the build does not contain', () => {
    expect(() => routePreloadsFile(root, [{ pattern: '^/x$', modules: ['src/app/routes/renamed.tsx'] }], chunks)).toThrow(/renamed\.tsx is in no chunk/);
  });
});

describe('the landing routes', () => {
  it('preload a version page, never the upload page beside it', async () => {
    const { ROUTE_PRELOADS } = await import('../src/app/route-preloads');
    const version = ROUTE_PRELOADS.find((route) => route.modules.includes('src/app/routes/project/version.tsx'))!;
    const pattern = new RegExp(version.pattern);
    expect(pattern.test('/mod/lantern/version/1.2.0')).toBe(true);
    expect(pattern.test('/project/AbCd1234/version/create-tools')).toBe(true);
    expect(pattern.test('/mod/lantern/version/create')).toBe(false);
    expect(pattern.test('/mod/lantern/version/1.2.0/edit')).toBe(false);
  });
});
