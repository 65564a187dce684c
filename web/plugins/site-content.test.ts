import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { atomFeed, ContentError, readChangelog, readContent, siteContent, type LegalDocumentModule } from './site-content';

const entry = (front: string, body = 'Something changed.\n') => `---\n${front}\n---\n\n${body}`;

describe('changelog entries', () => {
  it('compiles a valid entry', () => {
    expect(readContent('web/content/changelog/app/2026-02-03.md', entry('date: 2026-02-03\nproduct: app\nversion: 0.3.0'))).toEqual({
      date: '2026-02-03',
      product: 'app',
      version: '0.3.0',
      body: 'Something changed.\n',
    });
  });

  it.each([
    ['date: 3 February\nproduct: web', 'web/content/changelog/web/2026-02-03.md', /2026-02-03\.md: invalid front matter: field "date" must be a date written YYYY-MM-DD/],
    ['date: 2026-02-03\nproduct: phone', 'web/content/changelog/web/2026-02-03.md', /field "product"/],
    ['date: 2026-02-03\nproduct: web\nauthor: me', 'web/content/changelog/web/2026-02-03.md', /unknown field\(s\) "author"/],
    ['date: 2026-02-03\nproduct: app', 'web/content/changelog/web/2026-02-03.md', /field "product" is "app" but the file is in the "web" folder/],
    ['date: 2026-02-04\nproduct: web', 'web/content/changelog/web/2026-02-03.md', /field "date" is "2026-02-04" but the file is named "2026-02-03.md"/],
  ])('rejects %j with a message naming the file and field', (front, file, message) => {
    expect(() => readContent(file, entry(front))).toThrow(message);
  });

  it('rejects a file without front matter', () => {
    expect(() => readContent('web/content/changelog/web/2026-02-03.md', 'Just text')).toThrow(ContentError);
  });

  it('fails the build through the plugin, naming the file and field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-content-'));
    const plugin = siteContent({ contentDir: dir });
    const errors: string[] = [];
    const context = {
      error(message: string): never {
        errors.push(message);
        throw new Error(message);
      },
    };
    const transform = plugin.transform as (this: typeof context, code: string, id: string) => unknown;
    expect(() => transform.call(context, entry('date: 2026-13-40\nproduct: web'), join(dir, 'changelog', 'web', '2026-13-40.md'))).toThrow();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/changelog\/web\/2026-13-40\.md: invalid front matter: field "date"/);
  });
});

describe('legal documents', () => {
  it('gives headings stable anchors and a table of contents', () => {
    const doc = readContent(
      'web/content/legal/rules.md',
      '---\ntitle: Content rules\ndescription: What may be published.\nupdated: 2026-01-10\n---\n\nIntro.\n\n## Malware is never allowed {#malware}\n\nText.\n\n### Small print\n',
    ) as LegalDocumentModule;
    expect(doc.meta).toEqual({ title: 'Content rules', description: 'What may be published.', updated: '2026-01-10' });
    expect(doc.headings).toEqual([
      { level: 2, id: 'malware', text: 'Malware is never allowed' },
      { level: 3, id: 'small-print', text: 'Small print' },
    ]);
    expect(doc.body).toContain('<h2 id="malware">Malware is never allowed</h2>');
  });

  it('rejects a missing last-updated date', () => {
    expect(() => readContent('web/content/legal/terms.md', '---\ntitle: Terms\ndescription: d\n---\n')).toThrow(/field "updated"/);
  });
});

describe('Atom feeds', () => {
  it('lists one product, newest first, escaped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-feed-'));
    for (const [product, date, body] of [
      ['web', '2026-01-02', 'Older <b>web</b> entry'],
      ['web', '2026-03-04', 'Newer web entry'],
      ['app', '2026-02-01', 'App entry'],
    ] as const) {
      mkdirSync(join(dir, 'changelog', product), { recursive: true });
      writeFileSync(join(dir, 'changelog', product, `${date}.md`), entry(`date: ${date}\nproduct: ${product}`, body));
    }
    const feed = atomFeed('web', readChangelog(dir), 'https://cairn.example/');
    expect(feed).toContain('<updated>2026-03-04T00:00:00Z</updated>');
    expect(feed.indexOf('2026-03-04</id>')).toBeLessThan(feed.indexOf('2026-01-02</id>'));
    expect(feed).toContain('href="https://cairn.example/news/changelog/web/2026-03-04"');
    expect(feed).toContain('Older &lt;b&gt;web&lt;/b&gt; entry');
    expect(feed).not.toContain('App entry');
  });
});
