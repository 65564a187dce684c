import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `web/dist/.vite/route-preloads.json`, written by the website's build (web/plugins/route-preloads.ts). */
interface RoutePreloadsFile {
  routes: { pattern: string; scripts: string[]; styles: string[] }[];
}

export interface PageHtml {
  body: string;
  etag: string;
}

interface Build {
  /** index.html's modification time and size: a rebuild in place changes them. */
  stamp: string;
  routes: { pattern: RegExp; page: PageHtml }[];
  plain: PageHtml;
}

const page = (body: string): PageHtml => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` });

/**
 * The SPA's index.html for a page path: with `<link rel="modulepreload">` (and style preloads)
 * for the route modules that path loads first, so the browser fetches the page's code together
 * with the entry instead of one round trip after it. The build lists them per path pattern; a
 * build without that list gets index.html as it is. Re-read whenever index.html changes, so a
 * rebuild in place is served at once (like the static files).
 */
export function pageHtmlFor(root: string): (pathname: string) => PageHtml {
  const indexPath = join(root, 'index.html');
  const preloadsPath = join(root, '.vite', 'route-preloads.json');
  let build: Build | undefined;

  const load = (stamp: string): Build => {
    const html = readFileSync(indexPath, 'utf8');
    const file = existsSync(preloadsPath) ? (JSON.parse(readFileSync(preloadsPath, 'utf8')) as RoutePreloadsFile) : { routes: [] };
    const headEnd = html.indexOf('</head>');
    const withLinks = (links: string[]) => (headEnd < 0 || links.length === 0 ? html : `${html.slice(0, headEnd)}${links.map((link) => `  ${link}\n`).join('')}  ${html.slice(headEnd)}`);
    return {
      stamp,
      plain: page(html),
      routes: file.routes.map((route) => ({
        pattern: new RegExp(route.pattern),
        page: page(
          withLinks([
            ...route.scripts.map((script) => `<link rel="modulepreload" crossorigin href="/${script}">`),
            ...route.styles.map((style) => `<link rel="preload" as="style" crossorigin href="/${style}">`),
          ]),
        ),
      })),
    };
  };

  return (pathname) => {
    const stats = statSync(indexPath);
    const stamp = `${stats.mtimeMs}:${stats.size}`;
    if (build?.stamp !== stamp) build = load(stamp);
    return build.routes.find((route) => route.pattern.test(pathname))?.page ?? build.plain;
  };
}
