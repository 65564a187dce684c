import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- a test of the API's renderer in a real DOM, which only this package has (jsdom); the app never imports the API
import { createServerMarkdownRenderer } from '../../../../api/src/lib/markdown/server-markdown';
import { AUDIT_RULES, auditRenderedMarkup } from '../../../e2e/xss/audit';
import { vectorBlock } from '../../../e2e/xss/corpus-document';
import { XSS_VECTORS } from '../../../e2e/xss/vectors';

// The API renders changelogs for its Atom feeds with its own DOM-free sanitiser
// (api/src/lib/markdown/html-purifier.ts). Feed readers show that HTML, so it must stand up to
// the same corpus as the website's renderer: here its output is parsed by a real DOM (jsdom) and
// audited with the browser test's rules.

const renderer = createServerMarkdownRenderer({
  publicSiteUrl: 'https://cairn.test',
  publicApiUrl: 'https://api.cairn.test',
  publicCdnUrl: 'https://cdn.cairn.test',
  imageProxyUrl: 'https://api.cairn.test/v2/image-proxy?url=',
});

describe("the XSS corpus through the API's feed renderer", () => {
  it('leaves nothing hostile in any vector', () => {
    const findings = XSS_VECTORS.flatMap((vector) => {
      const root = document.createElement('div');
      root.innerHTML = renderer.render(vectorBlock(vector));
      const { findings } = auditRenderedMarkup(root, AUDIT_RULES);
      return findings.map((f) => `#${vector.id} ${vector.source.slice(0, 60)}: ${f.problem}`);
    });
    expect(findings).toEqual([]);
  });
});
