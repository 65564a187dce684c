import { describe, expect, it } from 'vitest';
import { createServerMarkdownRenderer } from './server-markdown.js';

const site = {
  publicSiteUrl: 'https://cairn.test',
  publicApiUrl: 'https://api.cairn.test',
  publicCdnUrl: 'https://cdn.cairn.test',
  imageProxyUrl: 'https://api.cairn.test/v2/image-proxy?url=',
};
const render = (markdown: string) => createServerMarkdownRenderer(site).render(markdown);

/** Every tag name and attribute name in rendered HTML. */
function markup(html: string): { tags: string[]; attributes: string[] } {
  const tags = [...html.matchAll(/<\/?([a-zA-Z][^\s/>]*)/g)].map((m) => m[1]!.toLowerCase());
  const attributes = [...html.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((m) => [...m[0].matchAll(/\s([^\s=>]+)=/g)].map((a) => a[1]!.toLowerCase()));
  return { tags, attributes };
}

describe('server-side markdown', () => {
  it('renders markdown as the website does: headings, emphasis, lists, code, tables', () => {
    expect(render('# Fixes\n\n- **Faster** loading\n- `code` & more')).toBe(
      '<h1>Fixes</h1>\n<ul>\n<li><strong>Faster</strong> loading</li>\n<li><code>code</code> &amp; more</li>\n</ul>\n',
    );
    // Code stays plain: feed readers show no highlighting colours, so the API loads no highlighter.
    expect(render('```json\n{"a": 1}\n```')).toContain('<pre><code class="language-json">{&quot;a&quot;: 1}\n</code></pre>');
    expect(render('| a |\n| - |\n| b |')).toContain('<table>');
  });

  it('removes scripts, styles, event handlers and script URLs, whatever their spelling', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<SCRIPT src="https://evil.test/x.js"></SCRIPT>',
      '<style>body { display: none }</style>',
      '<img src="x" onerror="alert(2)">',
      '<img src=x oNeRrOr=alert(3) />',
      '<a href="javascript:alert(4)">one</a>',
      '<a href="JaVaScRiPt:alert(5)">two</a>',
      '<a href="java\nscript:alert(6)">three</a>',
      '<a href="&#106;avascript:alert(7)">four</a>',
      '<a href="&#x6A;avascript&colon;alert(8)">five</a>',
      '[six](javascript:alert(9))',
      '<svg><script>alert(10)</script></svg>',
      '<iframe src="javascript:alert(11)"></iframe>',
      '<div style="background:url(javascript:alert(12))" onclick="x()">div</div>',
      '<form action="https://evil.test"><button formaction="javascript:alert(13)">go</button></form>',
      '<object data="https://evil.test/x.swf"></object><embed src="https://evil.test/x.swf">',
      '<img src="data:text/html,<script>alert(14)</script>">',
      '<math><mi xlink:href="javascript:alert(15)">x</mi></math>',
      '<a href="vbscript:msgbox(16)">seven</a>',
      '<<script>script>alert(17)<</script>/script>',
      '<img src="x" alt="a" "onerror=alert(18)">',
      '<noscript><p title="</noscript><img src=x onerror=alert(19)>"></noscript>',
      '<textarea><script>alert(20)</script></textarea>',
      '<a href="https://ok.test/" target="_blank" onmouseover="alert(21)">ok</a>',
    ].join('\n\n');
    const html = render(hostile);
    const { tags, attributes } = markup(html);
    for (const tag of ['script', 'style', 'svg', 'math', 'form', 'button', 'object', 'embed', 'noscript', 'textarea', 'iframe']) expect(tags).not.toContain(tag);
    expect(attributes.filter((name) => name.startsWith('on') || name === 'style' || name === 'formaction' || name === 'target' || name.includes(':'))).toEqual([]);
    // Script URLs may remain only as text ("[six](javascript:…)" is not a link), never in an attribute.
    const values = [...html.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((m) => [...m[0].matchAll(/="([^"]*)"/g)].map((a) => a[1]!));
    expect(values.filter((value) => /(?:java|vb)script|data:text/i.test(value))).toEqual([]);
    expect(html).toContain('<p>[six](javascript:alert(9))</p>');
    // Every href left is one the policy allows.
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href === '' || /^(?:https?:|mailto:|#|\/)/.test(href!)).toBe(true);
    expect(html).toContain('<a href="https://ok.test/" rel="noopener nofollow ugc">ok</a>');
  });

  it('loads external images through the image proxy and keeps the site’s own', () => {
    const html = render('![cat](https://images.example.org/cat.png) ![own](https://cdn.cairn.test/a.png) ![rel](/b.png)');
    expect(html).toContain(`src="https://api.cairn.test/v2/image-proxy?url=${encodeURIComponent('https://images.example.org/cat.png')}"`);
    expect(html).toContain('src="https://cdn.cairn.test/a.png"');
    expect(html).toContain('src="/b.png"');
    // With the proxy on, even the policy's trusted hosts go through it, as on the website.
    expect(render('![b](https://img.shields.io/badge.svg)')).toContain('image-proxy?url=');
    expect(createServerMarkdownRenderer({ ...site, imageProxyUrl: undefined }).render('![cat](https://images.example.org/cat.png)')).toContain(
      'src="https://images.example.org/cat.png"',
    );
  });

  it('keeps allowed attributes, escapes text and survives unclosed or stray markup', () => {
    expect(render('<p align="center">x &copy; y < z</p>')).toBe('<p align="center">x &copy; y &lt; z</p>');
    expect(render('<div>open <b>bold')).toBe('<div>open <b>bold</b></div>');
    expect(render('a </div> b')).toBe('<p>a  b</p>\n');
    expect(render('<img src="https://cairn.test/x.png" title="a &quot;b&quot; <c>">')).toBe('<img src="https://cairn.test/x.png" title="a &quot;b&quot; &lt;c&gt;" alt="">');
    expect(render('<a href="https://cairn.test/x">own</a>')).toBe('<p><a href="https://cairn.test/x">own</a></p>\n');
    expect(render('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>')).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Embedded video"></iframe>');
    expect(render('<!-- hidden --><p>shown</p>')).toBe('<p>shown</p>');
    expect(render('<div'.repeat(500))).not.toContain('<div');
    expect(render('<p>'.repeat(1000) + 'deep').endsWith('</p>')).toBe(true);
  });
});
