/**
 * Page areas behind one dynamic import each. Every `import()` the shell contains costs its first
 * download a list of the files to preload with it, so a route table that imported each page
 * directly would grow the initial JS of every page with each page added. The shell imports only
 * an area's small page table (`routes/<area>/pages.ts`); the table imports the page. Catalogue
 * pages where visitors arrive from outside (home, search, projects, profiles) are imported
 * directly, so their files load in one round trip; an area's page costs one more on its first
 * visit, which link hover and focus start early (lib/route-prefetch.ts).
 */
export type PageTable = Record<string, () => Promise<unknown>>;

export function pageFrom<Table extends PageTable, Page extends keyof Table>(
  loadTable: () => Promise<{ pages: Table }>,
  page: Page,
): () => ReturnType<Table[Page]> {
  return () => loadTable().then(({ pages }) => pages[page]!()) as ReturnType<Table[Page]>;
}
