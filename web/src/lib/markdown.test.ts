import { highlightCode } from '@cairn/shared/markdown/highlighter';
import { createMarkdownRenderer } from '@cairn/shared/markdown/renderer';
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { env } from '../config/env';
import { renderMarkdown } from './markdown';

// The rules themselves are unit-tested in shared/src/markdown/policy.test.ts; here they run
// end to end through markdown-it and DOMPurify in a DOM.

const renderer = createMarkdownRenderer({
  purify: DOMPurify(),
  highlight: highlightCode,
  imageProxyUrl: 'https://img.proxy.test/?url=',
  ownMediaHosts: ['cdn.cairn.test'],
  siteHosts: ['cairn.test'],
});

/** Renders and parses, so assertions look at elements rather than at exact serialisation. */
function render(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderer.render(markdown);
  return root;
}

describe('markdown rendering (spec §5)', () => {
  it('renders markdown, allows raw HTML and does not turn single line breaks into <br>', () => {
    const root = render('# Title\n\nfirst line\nsecond line\n\n<details><summary>More</summary>\n\n**bold**\n\n</details>');
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('p')?.innerHTML).toBe('first line\nsecond line');
    expect(root.querySelector('br')).toBeNull();
    expect(root.querySelector('details summary')?.textContent).toBe('More');
    expect(root.querySelector('details strong')?.textContent).toBe('bold');
  });

  it('links bare URLs', () => {
    const link = render('see https://elsewhere.test/page for more').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://elsewhere.test/page');
  });

  it('removes scripts, event handlers, styles, forms and comments', () => {
    const root = render(
      '<script>alert(1)</script><img src="/a.png" onerror="alert(1)"><style>body{}</style><form><button>x</button></form><!-- secret --><p onclick="x()">text</p>',
    );
    expect(root.innerHTML).not.toMatch(/script|onerror|onclick|<style|<form|<button|secret/);
    expect(root.querySelector('p')?.textContent).toBe('text');
  });

  it('keeps the extra attributes and drops unlisted ones', () => {
    const root = render(
      '<h2 id="setup">Setup</h2><kbd id="k">Ctrl</kbd><p align="center" id="no">p</p><div align="right" title="t">d</div><table><tr><th style="text-align: left">h</th><td style="float: right; color: red">c</td></tr></table>',
    );
    expect(root.querySelector('h2')?.id).toBe('setup');
    expect(root.querySelector('kbd')?.id).toBe('k');
    expect(root.querySelector('p')?.getAttribute('align')).toBe('center');
    expect(root.querySelector('p')?.hasAttribute('id')).toBe(false);
    expect(root.querySelector('div')?.getAttribute('align')).toBe('right');
    expect(root.querySelector('div')?.hasAttribute('title')).toBe(false);
    expect(root.querySelector('th')?.getAttribute('style')).toBe('text-align: left');
    expect(root.querySelector('td')?.getAttribute('style')).toBe('float: right');
  });

  it('filters inline CSS to the allowed properties', () => {
    const root = render('<img src="/a.png" alt="a" style="image-rendering: pixelated; position: fixed; background: url(javascript:x)"><img src="/b.png" alt="b" style="width: expression(alert(1))">');
    const [first, second] = root.querySelectorAll('img');
    expect(first?.getAttribute('style')).toBe('image-rendering: pixelated');
    expect(second?.hasAttribute('style')).toBe(false);
  });

  it('keeps video embeds and chat widgets in iframes, without other parameters, and removes other iframes', () => {
    const root = render(
      [
        '<iframe src="https://www.youtube-nocookie.com/embed/aB3_-xY9zQ1?start=5&autoplay=1" width="560" height="315" frameborder="0" allowfullscreen srcdoc="x"></iframe>',
        '<iframe src="https://discord.com/widget?id=123456789012345678&theme=dark" width="350" height="500"></iframe>',
        '<iframe src="https://evil.test/frame"></iframe>',
        '<iframe src="https://www.youtube.com/embed/tooShort"></iframe>',
      ].join('\n'),
    );
    const frames = root.querySelectorAll('iframe');
    expect(frames).toHaveLength(2);
    expect(frames[0]?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aB3_-xY9zQ1?start=5');
    expect(frames[0]?.getAttribute('width')).toBe('560');
    expect(frames[0]?.hasAttribute('allowfullscreen')).toBe(true);
    expect(frames[0]?.hasAttribute('srcdoc')).toBe(false);
    expect(frames[0]?.getAttribute('title')).toBe('Embedded video');
    expect(frames[1]?.getAttribute('src')).toBe('https://discord.com/widget?id=123456789012345678');
    expect(frames[1]?.getAttribute('title')).toBe('Chat server widget');
  });

  it('keeps only hljs- and language- classes, and only on pre, code and span', () => {
    const root = render('<span class="hljs-string big">s</span><div class="hljs-string">d</div><code class="language-lua red">c</code>');
    expect(root.querySelector('span')?.className).toBe('hljs-string');
    expect(root.querySelector('div')?.hasAttribute('class')).toBe(false);
    expect(root.querySelector('code')?.className).toBe('language-lua');
  });

  it('loads media from trusted hosts directly and from other hosts through the proxy', () => {
    const root = render(
      '![badge](https://img.shields.io/badge/x-y-green) ![own](https://cdn.cairn.test/i.png) ![other](https://tracker.test/pixel.gif) ![inline](data:image/gif;base64,R0lGOD)\n\n<video src="https://tracker.test/v.mp4" poster="https://tracker.test/p.png"></video>',
    );
    const sources = [...root.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([
      'https://img.shields.io/badge/x-y-green',
      'https://cdn.cairn.test/i.png',
      `https://img.proxy.test/?url=${encodeURIComponent('https://tracker.test/pixel.gif')}`,
      'data:image/gif;base64,R0lGOD',
    ]);
    const video = root.querySelector('video');
    expect(video?.getAttribute('src')).toBe(`https://img.proxy.test/?url=${encodeURIComponent('https://tracker.test/v.mp4')}`);
    expect(video?.getAttribute('poster')).toMatch(/^https:\/\/img\.proxy\.test\/\?url=/);
  });

  it('gives images without a description an empty alt', () => {
    const root = render('<img src="/a.png"><img src="/b.png" alt="Screenshot">');
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['', 'Screenshot']);
  });

  it('marks links off the site with rel="noopener nofollow ugc" and leaves own links alone', () => {
    const root = render('[out](https://elsewhere.test) <a href="https://elsewhere.test/b" rel="author">b</a> [home](https://cairn.test/mods) [rel](/mod/x)');
    const rels = [...root.querySelectorAll('a')].map((a) => a.getAttribute('rel'));
    expect(rels).toEqual(['noopener nofollow ugc', 'noopener nofollow ugc', null, null]);
  });

  it('empties links and sources with other schemes', () => {
    const root = render('<a href="javascript:alert(1)">a</a> <a href="jav&#x09;ascript:alert(1)">b</a> <img src="vbscript:x" alt=""> [c](data:text/html;base64,PHNjcmlwdD4=) <a href="data:image/png;base64,AA">d</a>');
    const links = root.querySelectorAll('a');
    expect(links[0]?.getAttribute('href') ?? '').toBe('');
    expect(links[1]?.getAttribute('href') ?? '').toBe('');
    expect(root.querySelector('img')?.getAttribute('src') ?? '').toBe('');
    expect(root.textContent).toContain('[c](data:text/html');
    expect(links[2]?.getAttribute('href')).toBe('data:image/png;base64,AA');
  });

  it('keeps only read-only checkboxes', () => {
    const root = render('<input type="checkbox" checked> done <input type="text" value="x"> <input type="submit">');
    const inputs = root.querySelectorAll('input');
    expect(inputs).toHaveLength(1);
    expect(inputs[0]?.hasAttribute('checked')).toBe(true);
    expect(inputs[0]?.hasAttribute('disabled')).toBe(true);
  });

  it('highlights the listed languages only', () => {
    const root = render('```kt\nval x = 1\n```\n\n```yml\nkey: value\n```\n\n```rust\nfn main() {}\n```');
    const codes = root.querySelectorAll('pre code');
    expect(codes[0]?.className).toBe('language-kotlin');
    expect(codes[0]?.querySelector('span.hljs-keyword')?.textContent).toBe('val');
    expect(codes[1]?.className).toBe('language-yaml');
    expect(codes[1]?.querySelector('[class^="hljs-"]')).not.toBeNull();
    expect(codes[2]?.className).toBe('language-rust');
    expect(codes[2]?.querySelector('span')).toBeNull();
    expect(codes[2]?.textContent).toBe('fn main() {}\n');
  });

  it('escapes markup inside code', () => {
    const root = render('```js\nconst html = "<img src=x onerror=alert(1)>";\n```');
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('code')?.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe("the site's renderer", () => {
  it('treats the site itself as own and proxies other hosts with the configured proxy', () => {
    const root = document.createElement('div');
    root.innerHTML = renderMarkdown(
      `[own](${window.location.origin}/mods) [away](https://elsewhere.test) ![here](${window.location.origin}/cdn/a.png) ![there](https://elsewhere.test/a.png)`,
    );
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('rel'))).toEqual([null, 'noopener nofollow ugc']);
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      `${window.location.origin}/cdn/a.png`,
      `${new URL(env.imageProxyUrl!, window.location.href).href}${encodeURIComponent('https://elsewhere.test/a.png')}`,
    ]);
  });

  it("sends every external image through Cairn's own proxy, the otherwise trusted hosts too", () => {
    const root = document.createElement('div');
    root.innerHTML = renderMarkdown('![badge](https://img.shields.io/badge/a-b-green)');
    const src = root.querySelector('img')?.getAttribute('src') ?? '';
    expect(new URL(src).origin).toBe(window.location.origin);
    expect(new URL(src).pathname).toBe('/v2/image-proxy');
    expect(new URL(src).searchParams.get('url')).toBe('https://img.shields.io/badge/a-b-green');
  });
});
