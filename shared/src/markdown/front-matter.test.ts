import { describe, expect, it } from 'vitest';
import { ChangelogFrontMatterSchema } from '../schemas/changelog.js';
import { FrontMatterError, parseFrontMatter } from './front-matter.js';

describe('parseFrontMatter', () => {
  it('reads key: value lines and returns the body below', () => {
    const doc = parseFrontMatter('---\ndate: 2026-03-01\nproduct: "web"\n# a note\n---\n\nHello *there*.\n');
    expect(doc.data).toEqual({ date: '2026-03-01', product: 'web' });
    expect(doc.body).toBe('Hello *there*.\n');
  });

  it('rejects files without front matter, unclosed blocks and odd lines', () => {
    expect(() => parseFrontMatter('Hello')).toThrow(FrontMatterError);
    expect(() => parseFrontMatter('---\ndate: 2026-03-01\n')).toThrow(/not closed/);
    expect(() => parseFrontMatter('---\njust words\n---\n')).toThrow(/line 2/);
    expect(() => parseFrontMatter('---\na: 1\na: 2\n---\n')).toThrow(/repeats "a"/);
  });
});

describe('ChangelogFrontMatterSchema', () => {
  it('accepts a dated entry with an optional version', () => {
    expect(ChangelogFrontMatterSchema.parse({ date: '2026-03-01', product: 'app', version: '0.4.0' })).toEqual({
      date: '2026-03-01',
      product: 'app',
      version: '0.4.0',
    });
  });

  it('names the bad field', () => {
    const result = ChangelogFrontMatterSchema.safeParse({ date: '1 March', product: 'phone' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['date', 'product']);
    expect(ChangelogFrontMatterSchema.safeParse({ date: '2026-03-01', product: 'web', author: 'x' }).success).toBe(false);
  });
});
