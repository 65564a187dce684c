import { describe, expect, it } from 'vitest';
import {
  EXTERNAL_LINK_REL,
  TRUSTED_MEDIA_HOSTS,
  highlightLanguage,
  isAllowedAttribute,
  isExternalLink,
  rewriteMediaUrl,
  rewriteSrcset,
  sanitizeAttribute,
  sanitizeClass,
  sanitizeIframeSrc,
  sanitizeStyle,
  sanitizeUrl,
  type MarkdownPolicyOptions,
} from './policy.js';

const options: MarkdownPolicyOptions = {
  imageProxyUrl: 'https://img.proxy.test/?url=',
  ownMediaHosts: ['cdn.cairn.test'],
  siteHosts: ['cairn.test'],
};

describe('extra attributes (spec §5)', () => {
  it.each([
    ['h1', 'id'], ['h3', 'id'], ['h6', 'id'], ['kbd', 'id'],
    ['input', 'checked'], ['input', 'disabled'], ['input', 'type'],
    ['p', 'align'], ['div', 'align'],
    ['img', 'style'], ['td', 'style'], ['th', 'style'],
    ['a', 'rel'],
    ['iframe', 'width'], ['iframe', 'height'], ['iframe', 'allowfullscreen'], ['iframe', 'frameborder'], ['iframe', 'start'], ['iframe', 'end'],
  ])('allows %s[%s]', (tag, attribute) => {
    expect(isAllowedAttribute(tag, attribute)).toBe(true);
  });

  it.each([
    ['p', 'id'], ['span', 'id'], ['p', 'style'], ['div', 'style'], ['a', 'style'], ['a', 'onclick'], ['img', 'onerror'],
    ['div', 'class'], ['a', 'target'], ['iframe', 'srcdoc'], ['iframe', 'sandbox'], ['span', 'align'],
  ])('drops %s[%s]', (tag, attribute) => {
    expect(isAllowedAttribute(tag, attribute)).toBe(false);
    expect(sanitizeAttribute(tag, attribute, 'x', options)).toBeUndefined();
  });

  it('keeps only checkbox inputs', () => {
    expect(sanitizeAttribute('input', 'type', 'CHECKBOX', options)).toBe('checkbox');
    expect(sanitizeAttribute('input', 'type', 'password', options)).toBeUndefined();
  });
});

describe('CSS rules', () => {
  it('keeps pixelated image rendering, text alignment and floats', () => {
    expect(sanitizeStyle('image-rendering: pixelated')).toBe('image-rendering: pixelated');
    expect(sanitizeStyle('TEXT-ALIGN: Center; float:right')).toBe('text-align: center; float: right');
    expect(sanitizeStyle('text-align: left !important')).toBe('text-align: left');
  });

  it('drops every other property and value', () => {
    expect(sanitizeStyle('image-rendering: crisp-edges')).toBeUndefined();
    expect(sanitizeStyle('text-align: justify; float: none')).toBeUndefined();
    expect(sanitizeStyle('color: red; position: fixed; top: 0')).toBeUndefined();
  });

  it('blocks expressions, url() and script protocols', () => {
    expect(sanitizeStyle('float: expression(alert(1))')).toBeUndefined();
    expect(sanitizeStyle('background: url(https://evil.test/x.png); float: left')).toBe('float: left');
    expect(sanitizeStyle('float: javascript:alert(1)')).toBeUndefined();
    expect(sanitizeStyle('text-align: left; x: url(javascript:alert(1))')).toBe('text-align: left');
  });
});

describe('iframe rules', () => {
  it('keeps a video embed with an 11-character id, and digit-only start and end', () => {
    expect(sanitizeIframeSrc('https://www.youtube.com/embed/aB3_-xY9zQ1')).toBe('https://www.youtube.com/embed/aB3_-xY9zQ1');
    expect(sanitizeIframeSrc('https://www.youtube-nocookie.com/embed/aB3_-xY9zQ1?start=30&end=90&autoplay=1&list=x')).toBe(
      'https://www.youtube-nocookie.com/embed/aB3_-xY9zQ1?start=30&end=90',
    );
    expect(sanitizeIframeSrc('https://youtube.com/embed/aB3_-xY9zQ1?start=1m&end=12')).toBe('https://www.youtube.com/embed/aB3_-xY9zQ1?end=12');
    expect(sanitizeIframeSrc('https://youtube-nocookie.com/embed/aB3_-xY9zQ1')).toBe('https://www.youtube-nocookie.com/embed/aB3_-xY9zQ1');
  });

  it('refuses other ids, paths, hosts and plain http', () => {
    expect(sanitizeIframeSrc('https://www.youtube.com/embed/short')).toBeUndefined();
    expect(sanitizeIframeSrc('https://www.youtube.com/embed/aB3_-xY9zQ12')).toBeUndefined();
    expect(sanitizeIframeSrc('https://www.youtube.com/watch?v=aB3_-xY9zQ1')).toBeUndefined();
    expect(sanitizeIframeSrc('http://www.youtube.com/embed/aB3_-xY9zQ1')).toBeUndefined();
    expect(sanitizeIframeSrc('https://www.youtube.com.evil.test/embed/aB3_-xY9zQ1')).toBeUndefined();
    expect(sanitizeIframeSrc('javascript:alert(1)')).toBeUndefined();
  });

  it('keeps a chat widget with an 18 or 19 digit id and nothing else', () => {
    expect(sanitizeIframeSrc('https://discord.com/widget?id=123456789012345678&theme=dark')).toBe(
      'https://discord.com/widget?id=123456789012345678',
    );
    expect(sanitizeIframeSrc('https://discord.com/widget?id=1234567890123456789')).toBe('https://discord.com/widget?id=1234567890123456789');
    expect(sanitizeIframeSrc('https://discordapp.com/widget?id=123456789012345678')).toBe('https://discord.com/widget?id=123456789012345678');
    expect(sanitizeIframeSrc('https://discord.com/widget?id=12345678901234567')).toBeUndefined();
    expect(sanitizeIframeSrc('https://discord.com/widget?id=12345678901234567890')).toBeUndefined();
    expect(sanitizeIframeSrc('https://discord.com/invite?id=123456789012345678')).toBeUndefined();
  });

  it('start and end attributes must be digits', () => {
    expect(sanitizeAttribute('iframe', 'start', '15', options)).toBe('15');
    expect(sanitizeAttribute('iframe', 'end', '1;x', options)).toBeUndefined();
  });
});

describe('class rules', () => {
  it('keeps hljs- and language- names on pre, code and span', () => {
    expect(sanitizeClass('span', 'hljs-keyword evil')).toBe('hljs-keyword');
    expect(sanitizeClass('code', 'language-java hljs-x')).toBe('language-java hljs-x');
    expect(sanitizeClass('pre', 'language-lua')).toBe('language-lua');
  });

  it('drops other names and classes on other elements', () => {
    expect(sanitizeClass('span', 'hljs evil-hljs- x')).toBeUndefined();
    expect(sanitizeClass('div', 'hljs-keyword')).toBeUndefined();
    expect(sanitizeClass('a', 'language-js')).toBeUndefined();
  });
});

describe('media hosts', () => {
  it('loads the site CDN and the trusted hosts directly', () => {
    expect(rewriteMediaUrl('https://cdn.cairn.test/data/icon.png', options)).toBe('https://cdn.cairn.test/data/icon.png');
    for (const host of TRUSTED_MEDIA_HOSTS) {
      expect(rewriteMediaUrl(`https://${host}/a.png`, options)).toBe(`https://${host}/a.png`);
    }
  });

  it('routes every other host through the image proxy', () => {
    expect(rewriteMediaUrl('https://evil.test/track.png?u=1', options)).toBe(
      `https://img.proxy.test/?url=${encodeURIComponent('https://evil.test/track.png?u=1')}`,
    );
    expect(rewriteMediaUrl('//evil.test/a.png', options)).toBe(`https://img.proxy.test/?url=${encodeURIComponent('https://evil.test/a.png')}`);
    expect(rewriteMediaUrl('https://github.com.evil.test/a.png', options)).toMatch(/^https:\/\/img\.proxy\.test\//);
  });

  it('matches own hosts given with or without a port', () => {
    const local = { ...options, ownMediaHosts: ['localhost:3000', 'cdn.cairn.test'] };
    expect(rewriteMediaUrl('http://localhost:3000/cdn/a.png', local)).toBe('http://localhost:3000/cdn/a.png');
    expect(rewriteMediaUrl('http://localhost:4000/a.png', local)).toMatch(/^https:\/\/img\.proxy\.test\//);
    expect(rewriteMediaUrl('https://cdn.cairn.test:8443/a.png', local)).toBe('https://cdn.cairn.test:8443/a.png');
  });

  it('keeps data: and relative URLs', () => {
    expect(rewriteMediaUrl('data:image/png;base64,AAAA', options)).toBe('data:image/png;base64,AAAA');
    expect(rewriteMediaUrl('/images/a.png', options)).toBe('/images/a.png');
    expect(rewriteMediaUrl('./a.png', options)).toBe('./a.png');
  });

  it("removes the proxy's error-redirect parameter", () => {
    expect(rewriteMediaUrl('https://img.proxy.test/?url=https%3A%2F%2Fa.test%2Fb.png&errorredirect=https%3A%2F%2Fevil.test', options)).toBe(
      'https://img.proxy.test/?url=https%3A%2F%2Fa.test%2Fb.png',
    );
  });

  it('rewrites every srcset candidate and drops bad ones', () => {
    expect(rewriteSrcset('https://i.imgur.com/a.png 1x, https://evil.test/b.png 2x, javascript:alert(1) 3x', options)).toBe(
      `https://i.imgur.com/a.png 1x, https://img.proxy.test/?url=${encodeURIComponent('https://evil.test/b.png')} 2x`,
    );
  });

  it("sends the trusted hosts through the proxy too when the site's proxy is its own (no trusted hosts)", () => {
    const own = { ...options, imageProxyUrl: 'https://api.cairn.test/v2/image-proxy?url=', trustedMediaHosts: [] };
    for (const host of TRUSTED_MEDIA_HOSTS) {
      expect(rewriteMediaUrl(`https://${host}/a.png`, own)).toBe(`https://api.cairn.test/v2/image-proxy?url=${encodeURIComponent(`https://${host}/a.png`)}`);
    }
    expect(rewriteMediaUrl('https://cdn.cairn.test/data/icon.png', own)).toBe('https://cdn.cairn.test/data/icon.png');
    expect(rewriteMediaUrl('https://api.cairn.test/v2/image-proxy?url=https%3A%2F%2Fa.test%2Fb.png', own)).toBe('https://api.cairn.test/v2/image-proxy?url=https%3A%2F%2Fa.test%2Fb.png');
  });

  it('loads every host directly when there is no proxy, still refusing other schemes', () => {
    const direct = { ...options, imageProxyUrl: undefined };
    expect(rewriteMediaUrl('https://evil.test/track.png?u=1', direct)).toBe('https://evil.test/track.png?u=1');
    expect(rewriteMediaUrl('//evil.test/a.png', direct)).toBe('//evil.test/a.png');
    expect(rewriteMediaUrl('ftp://evil.test/a.png', direct)).toBe('');
    expect(sanitizeAttribute('img', 'src', 'javascript:alert(1)', direct)).toBe('');
    expect(rewriteSrcset('https://evil.test/b.png 2x, javascript:alert(1) 3x', direct)).toBe('https://evil.test/b.png 2x');
  });

  it('applies to img, video, audio and source, but not to links', () => {
    for (const tag of ['img', 'video', 'audio', 'source']) {
      expect(sanitizeAttribute(tag, 'src', 'https://evil.test/a', options)).toMatch(/^https:\/\/img\.proxy\.test\//);
    }
    expect(sanitizeAttribute('video', 'poster', 'https://evil.test/p.png', options)).toMatch(/^https:\/\/img\.proxy\.test\//);
    expect(sanitizeAttribute('a', 'href', 'https://evil.test/a', options)).toBe('https://evil.test/a');
  });
});

describe('link rel', () => {
  it('marks links off the site as external', () => {
    expect(isExternalLink('https://elsewhere.test/x', options)).toBe(true);
    expect(isExternalLink('//elsewhere.test/x', options)).toBe(true);
    expect(isExternalLink('HTTP://cairn.test.evil.test/', options)).toBe(true);
    expect(EXTERNAL_LINK_REL).toBe('noopener nofollow ugc');
  });

  it('leaves own and relative links alone', () => {
    expect(isExternalLink('https://cairn.test/mod/x', options)).toBe(false);
    expect(isExternalLink('/mod/x', options)).toBe(false);
    expect(isExternalLink('#features', options)).toBe(false);
    expect(isExternalLink('mailto:a@b.test', options)).toBe(false);
  });
});

describe('URL schemes', () => {
  it.each(['http://a.test', 'https://a.test', 'mailto:a@b.test', 'tel:+123', 'ftp://a.test/f', 'data:image/png;base64,AA', './a', '../a', '#top', '/mods', 'HTTPS://A.TEST'])(
    'keeps %s',
    (url) => {
      expect(sanitizeUrl(url)).toBe(url);
    },
  );

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'java\nscript:alert(1)', 'vbscript:x', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'page.html', 'steam://run/1'])(
    'empties %j',
    (url) => {
      expect(sanitizeUrl(url)).toBe('');
    },
  );

  it('applies to href and src', () => {
    expect(sanitizeAttribute('a', 'href', 'javascript:alert(1)', options)).toBe('');
    expect(sanitizeAttribute('img', 'src', 'javascript:alert(1)', options)).toBe('');
    expect(sanitizeAttribute('blockquote', 'cite', 'vbscript:x', options)).toBe('');
  });
});

describe('highlighted languages', () => {
  it.each([
    ['javascript', 'javascript'], ['js', 'javascript'], ['py', 'python'], ['python', 'python'], ['lua', 'lua'], ['java', 'java'],
    ['kt', 'kotlin'], ['scala', 'scala'], ['groovy', 'groovy'], ['gradle', 'gradle'], ['json5', 'json'], ['json', 'json'],
    ['toml', 'ini'], ['ini', 'ini'], ['yml', 'yaml'], ['html', 'xml'], ['htm', 'xml'], ['xhtml', 'xml'], ['mcui', 'xml'],
    ['fxml', 'xml'], ['properties', 'properties'], ['YAML', 'yaml'],
  ])('%s → %s', (fence, language) => {
    expect(highlightLanguage(fence)).toBe(language);
  });

  it('does not highlight other languages', () => {
    expect(highlightLanguage('rust')).toBeUndefined();
    expect(highlightLanguage('')).toBeUndefined();
    expect(highlightLanguage('constructor')).toBeUndefined();
  });
});
