import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import type { z } from 'zod';
import { parseFrontMatter } from '../../shared/src/markdown/front-matter';
import {
  CHANGELOG_PRODUCTS,
  ChangelogFrontMatterSchema,
  LegalFrontMatterSchema,
  type ChangelogFrontMatter,
  type ChangelogProduct,
  type LegalFrontMatter,
} from '../../shared/src/schemas/changelog';

/**
 * The site's written content: markdown files under `web/content/` with front matter.
 * - `content/legal/<page>.md` (title, description, updated) → `{ meta, body, headings }`
 * - `content/changelog/<product>/<date>.md` (date, product, optional version) → `{ date, product, version?, body }`
 * Importing such a file gives that module; the front matter is checked against the schemas in
 * shared/src/schemas/changelog.ts, and a bad file fails the build naming the file and the field.
 * The build also writes one Atom feed per product to `news/changelog/feed/<product>.xml`.
 */

export class ContentError extends Error {}

export interface ContentHeading {
  level: 2 | 3;
  id: string;
  text: string;
}

export interface LegalDocumentModule {
  page: string;
  meta: LegalFrontMatter;
  body: string;
  headings: ContentHeading[];
}

export interface ChangelogEntryModule extends ChangelogFrontMatter {
  body: string;
}

const CONTENT_FILE = /(?:^|[\\/])(legal|changelog)[\\/](?:([^\\/]+)[\\/])?([^\\/]+)\.md$/;

function validate<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') return `unknown field(s) ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
    return `field "${field}" ${issue.message}`;
  });
  throw new ContentError(`${file}: invalid front matter: ${problems.join('; ')}`);
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * `## Heading {#anchor}` (anchor optional) becomes an HTML heading with that id, so the legal
 * pages have stable anchors others can link to (the moderation checklist names rules by them).
 */
function anchorHeadings(body: string, file: string): { body: string; headings: ContentHeading[] } {
  const headings: ContentHeading[] = [];
  const seen = new Set<string>();
  let inFence = false;
  const lines = body.split('\n').map((line) => {
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    const match = inFence ? null : /^(##|###)\s+(.+?)(?:\s+\{#([a-z0-9-]+)\})?\s*$/.exec(line);
    if (!match) return line;
    const level = match[1]!.length as 2 | 3;
    const text = match[2]!;
    const id = match[3] ?? slugify(text);
    if (seen.has(id)) throw new ContentError(`${file}: two headings share the anchor "${id}"`);
    seen.add(id);
    headings.push({ level, id, text });
    return `<h${level} id="${id}">${escapeHtml(text)}</h${level}>\n`;
  });
  return { body: lines.join('\n'), headings };
}

/** What a content file's module exports; throws ContentError on a bad file. */
export function readContent(file: string, source: string): LegalDocumentModule | ChangelogEntryModule {
  const match = CONTENT_FILE.exec(file);
  if (!match) throw new ContentError(`${file}: not a content file (content/legal/<page>.md or content/changelog/<product>/<date>.md)`);
  const [, kind, folder, name] = match as unknown as [string, 'legal' | 'changelog', string | undefined, string];
  let document;
  try {
    document = parseFrontMatter(source);
  } catch (error) {
    throw new ContentError(`${file}: ${(error as Error).message}`);
  }
  if (kind === 'legal') {
    const meta = validate(LegalFrontMatterSchema, document.data, file);
    const { body, headings } = anchorHeadings(document.body, file);
    return { page: name, meta, body, headings };
  }
  return readChangelogEntry(file, folder, name, document);
}

/** Source of the JS module a content file becomes. */
export function compileContent(file: string, source: string): string {
  return `export default ${JSON.stringify(readContent(file, source))};\n`;
}

function readChangelogEntry(file: string, folder: string | undefined, name: string, document: { data: Record<string, string>; body: string }): ChangelogEntryModule {
  const meta = validate(ChangelogFrontMatterSchema, document.data, file);
  if (folder !== meta.product) throw new ContentError(`${file}: field "product" is "${meta.product}" but the file is in the "${folder ?? ''}" folder`);
  if (name !== meta.date) throw new ContentError(`${file}: field "date" is "${meta.date}" but the file is named "${name}.md"`);
  if (document.body.trim() === '') throw new ContentError(`${file}: the entry has no text below its front matter`);
  return { ...meta, body: document.body };
}

/** Every changelog entry under `contentDir`, newest first. */
export function readChangelog(contentDir: string): ChangelogEntryModule[] {
  const entries: ChangelogEntryModule[] = [];
  for (const product of CHANGELOG_PRODUCTS) {
    const dir = join(contentDir, 'changelog', product);
    let names: string[];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.md'));
    } catch {
      continue;
    }
    for (const name of names) {
      const file = join(dir, name);
      const source = readFileSync(file, 'utf8');
      entries.push(readContent(file, source) as ChangelogEntryModule);
    }
  }
  return entries.sort((a, b) => b.date.localeCompare(a.date) || a.product.localeCompare(b.product));
}

function escapeXml(text: string): string {
  return escapeHtml(text).replace(/'/g, '&apos;');
}

export const PRODUCT_FEED_TITLES: Record<ChangelogProduct, string> = {
  web: 'Cairn website changelog',
  servers: 'Cairn servers changelog',
  app: 'Cairn App changelog',
};

/**
 * The Atom feed of one product. Links are absolute when the site's address is known at build
 * time (CAIRN_SITE_URL), else relative to the feed's own location, which readers resolve.
 */
export function atomFeed(product: ChangelogProduct, entries: readonly ChangelogEntryModule[], siteUrl = ''): string {
  const own = entries.filter((entry) => entry.product === product);
  const base = siteUrl.replace(/\/$/, '');
  const link = (path: string) => (base ? `${base}${path}` : path);
  const updated = own[0]?.date ?? '1970-01-01';
  const items = own.map((entry) => {
    const title = entry.version ? `${entry.version} (${entry.date})` : entry.date;
    return [
      '  <entry>',
      `    <id>urn:cairn:changelog:${product}:${entry.date}</id>`,
      `    <title>${escapeXml(title)}</title>`,
      `    <updated>${entry.date}T00:00:00Z</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link(`/news/changelog/${product}/${entry.date}`))}"/>`,
      `    <content type="text">${escapeXml(entry.body.trim())}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>urn:cairn:changelog:${product}</id>`,
    `  <title>${escapeXml(PRODUCT_FEED_TITLES[product])}</title>`,
    `  <updated>${updated}T00:00:00Z</updated>`,
    '  <author><name>The Cairn team</name></author>',
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(link(`/news/changelog/feed/${product}.xml`))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(link('/news/changelog'))}"/>`,
    ...items,
    '</feed>',
    '',
  ].join('\n');
}

export function feedPath(product: ChangelogProduct): string {
  return `news/changelog/feed/${product}.xml`;
}

export function siteContent(options: { contentDir: string; siteUrl?: string }): Plugin {
  const { contentDir } = options;
  const display = (id: string) => relative(process.cwd(), id).split(sep).join('/');
  return {
    name: 'cairn:site-content',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0]!;
      if (!path.endsWith('.md') || !path.startsWith(contentDir)) return null;
      try {
        return { code: compileContent(display(path), code), map: null };
      } catch (error) {
        if (error instanceof ContentError) this.error(error.message);
        throw error;
      }
    },
    generateBundle() {
      const entries = readChangelog(contentDir);
      for (const product of CHANGELOG_PRODUCTS) {
        this.emitFile({ type: 'asset', fileName: feedPath(product), source: atomFeed(product, entries, options.siteUrl) });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const product = CHANGELOG_PRODUCTS.find((name) => req.url?.split('?')[0] === `/${feedPath(name)}`);
        if (!product) return next();
        res.setHeader('Content-Type', 'application/atom+xml; charset=utf-8');
        res.end(atomFeed(product, readChangelog(contentDir), options.siteUrl));
      });
    },
  };
}
