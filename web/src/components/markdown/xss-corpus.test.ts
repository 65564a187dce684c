import { describe, expect, it } from 'vitest';
import { AUDIT_RULES, auditRenderedMarkup } from '../../../e2e/xss/audit';
import { corpusDocuments, vectorBlock } from '../../../e2e/xss/corpus-document';
import { XSS_VECTORS } from '../../../e2e/xss/vectors';
import { renderMarkdown } from '../../lib/markdown';

// The fast first line for the XSS corpus (web/e2e/xss): every vector through the site's real
// renderer in jsdom, audited as the browser test audits Chromium's DOM. xss.test.ts is the proof.

function renderInto(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdown(markdown);
  return root;
}

describe('the XSS corpus', () => {
  it('has at least 200 vectors in every group', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(200);
    const groups = new Set(XSS_VECTORS.map((v) => v.group));
    expect(groups.size).toBeGreaterThanOrEqual(12);
  });

  it('leaves nothing hostile in any vector rendered alone', () => {
    const findings = XSS_VECTORS.flatMap((vector) => {
      const { findings, endMarkers } = auditRenderedMarkup(renderInto(vectorBlock(vector)), AUDIT_RULES);
      const missing = !vector.endsDocument && !endMarkers.includes(vector.id) ? ['its end marker is missing'] : [];
      return [...findings.map((f) => f.problem), ...missing].map((problem) => `#${vector.id} ${vector.source.slice(0, 60)}: ${problem}`);
    });
    expect(findings).toEqual([]);
  });

  it('leaves nothing hostile in the documents the browser test stores, and every vector is reached', () => {
    const ids: number[] = [];
    for (const document of corpusDocuments(XSS_VECTORS, 60_000)) {
      const { findings, endMarkers } = auditRenderedMarkup(renderInto(document), AUDIT_RULES);
      expect(findings).toEqual([]);
      ids.push(...endMarkers);
    }
    expect(ids).toEqual(XSS_VECTORS.filter((v) => !v.endsDocument).map((v) => v.id));
  });

  it('the audit flags what the sanitiser must remove (so the checks above can fail)', () => {
    const root = document.createElement('div');
    root.innerHTML = [
      '<img src="x" onerror="__xss(1)">',
      '<a href="java\tscript:__xss(2)">a</a>',
      '<iframe src="https://www.youtube.com.evil.test/embed/aaaaaaaaaaa"></iframe>',
      '<iframe srcdoc="x" src="https://www.youtube.com/embed/aaaaaaaaaaa"></iframe>',
      '<img src="/a.png" style="background:url(https://evil.test/)">',
      '<form action="/x"></form>',
      '<svg><a href="/x"></a></svg>',
      '<img srcset="/a.png 1x, javascript:x 2x">',
      '<h6 id="xss-end-7">end</h6>',
    ].join('');
    const { findings, endMarkers } = auditRenderedMarkup(root, AUDIT_RULES);
    const problems = findings.map((f) => f.problem).join('\n');
    expect(endMarkers).toEqual([7]);
    expect(findings.every((f) => f.vector === 7)).toBe(true);
    for (const expected of ['event handler onerror', 'href has the scheme javascript:', 'iframe source outside', 'keeps srcdoc', 'style sets background', 'element <form>', 'in namespace http://www.w3.org/2000/svg', 'srcset has the scheme javascript:']) {
      expect(problems).toContain(expected);
    }
  });
});
