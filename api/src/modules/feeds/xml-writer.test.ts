import { describe, expect, it } from 'vitest';
import { escapeXmlAttribute, escapeXmlText, writeXmlDocument } from './xml-writer.js';

describe('the XML writer', () => {
  it('escapes markup and drops what XML 1.0 cannot carry', () => {
    expect(escapeXmlText('a < b && c > d')).toBe('a &lt; b &amp;&amp; c &gt; d');
    expect(escapeXmlText('bell\u0007 nul\u0000 ok\ttab\nline \uFFFE lone\uD800 pair\u{1F600}')).toBe('bell nul ok\ttab\nline  lone pair\u{1F600}');
    expect(escapeXmlAttribute('say "hi"\n<&>')).toBe('say &quot;hi&quot;&#10;&lt;&amp;&gt;');
  });

  it('writes elements, attributes (undefined ones left out) and text in order', () => {
    const xml = writeXmlDocument({
      name: 'feed',
      attributes: { xmlns: 'urn:x', lang: undefined },
      children: [{ name: 'title', attributes: { type: 'text' }, children: ['A & B'] }, { name: 'link', attributes: { href: '/x?a=1&b=2' } }, 'tail'],
    });
    expect(xml).toBe('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="urn:x"><title type="text">A &amp; B</title><link href="/x?a=1&amp;b=2"/>tail</feed>\n');
  });
});
