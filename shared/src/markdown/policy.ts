/**
 * What user-written markdown (project descriptions, changelogs) may turn into (spec §5). The
 * rules are plain data and pure functions so they can be tested without a DOM; the renderer
 * applies them through the sanitiser's hooks.
 */

// The WHATWG URL parser exists in browsers and Node; shared compiles without either's typings.
interface ParsedUrl {
  href: string;
  protocol: string;
  host: string;
  hostname: string;
  pathname: string;
  search: string;
  readonly searchParams: {
    get(name: string): string | null;
    delete(name: string): void;
    keys(): Iterable<string>;
  };
}
declare const URL: new (input: string, base?: string) => ParsedUrl;

function parseUrl(value: string, base?: string): ParsedUrl | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}

/** Settings that differ per deployment. */
export interface MarkdownPolicyOptions {
  /**
   * Prefix of the image proxy: an external image `src` becomes `imageProxyUrl + encodeURIComponent(src)`,
   * e.g. `https://api.example.org/v2/image-proxy?url=`. Undefined: no proxy, external media load
   * straight from their origin.
   */
  imageProxyUrl: string | undefined;
  /**
   * Hosts whose media load directly although they are not the site's own; defaults to
   * `TRUSTED_MEDIA_HOSTS`. A site whose proxy is its own passes none, so readers' browsers
   * contact no other host.
   */
  trustedMediaHosts?: readonly string[];
  /** Hosts whose media load directly besides `TRUSTED_MEDIA_HOSTS`: the site's own CDN (`cdn.example.org`). */
  ownMediaHosts?: readonly string[];
  /** The site's own hosts; links anywhere else get `rel="noopener nofollow ugc"`. */
  siteHosts?: readonly string[];
}

/** Elements kept in rendered markdown; anything else is removed (its text stays for inline wrappers). */
export const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col', 'colgroup', 'dd', 'del', 'details',
  'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'iframe', 'img',
  'input', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'picture', 'pre', 'q', 's', 'samp', 'small', 'source', 'span',
  'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul', 'var',
  'video', 'audio',
] as const;

const TABLE_CELL = ['colspan', 'rowspan', 'align', 'valign', 'width', 'style'];

/**
 * Attributes each element may carry. The spec's extras are here: `id` on headings and kbd;
 * `checked`, `disabled`, `type` on input; `align` on p and div; `style` on img, td and th;
 * `rel` on a; `width`, `height`, `allowfullscreen`, `frameborder`, `start`, `end` on iframe.
 * `class` is handled separately (`CLASS_TAGS`).
 */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'rel'],
  abbr: ['title'],
  audio: ['src', 'controls', 'loop', 'muted', 'preload'],
  blockquote: ['cite'],
  col: ['span', 'width', 'align', 'valign'],
  colgroup: ['span', 'width', 'align', 'valign'],
  del: ['datetime'],
  details: ['open'],
  div: ['align'],
  h1: ['id'],
  h2: ['id'],
  h3: ['id'],
  h4: ['id'],
  h5: ['id'],
  h6: ['id'],
  iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'start', 'end', 'title'],
  img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'style', 'loading'],
  input: ['checked', 'disabled', 'type'],
  ins: ['datetime'],
  kbd: ['id'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  p: ['align'],
  q: ['cite'],
  source: ['src', 'srcset', 'type', 'media', 'sizes'],
  table: ['width', 'border', 'align'],
  tbody: ['align', 'valign'],
  td: TABLE_CELL,
  tfoot: ['align', 'valign'],
  th: TABLE_CELL,
  thead: ['align', 'valign'],
  tr: ['align', 'valign'],
  video: ['src', 'poster', 'controls', 'loop', 'muted', 'playsinline', 'preload', 'width', 'height'],
};

/** Every attribute name that appears above, plus `class`: the sanitiser's global allow-list. */
export const ALL_ALLOWED_ATTRIBUTES: readonly string[] = [...new Set([...Object.values(ALLOWED_ATTRIBUTES).flat(), 'class'])];

/** Elements whose `class` survives, and then only its `hljs-…` and `language-…` names. */
export const CLASS_TAGS: readonly string[] = ['pre', 'code', 'span'];

/** Attributes holding a URL (or, for srcset, a list of them). */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'srcset', 'poster', 'cite']);
/** Attributes whose URL loads media into the page. */
const MEDIA_ATTRIBUTES = new Set(['src', 'srcset', 'poster']);
const MEDIA_TAGS = new Set(['img', 'video', 'audio', 'source']);

/**
 * Media hosts (besides the site's own CDN) trusted to load directly: the code-hosting site and
 * its raw-file and user-content hosts, a badge service, an image host, a download-count badge
 * host and a statistics site. Everything else goes through the image proxy, so readers' addresses
 * are not handed to arbitrary servers.
 */
export const TRUSTED_MEDIA_HOSTS: readonly string[] = [
  'github.com',
  'raw.githubusercontent.com',
  'user-images.githubusercontent.com',
  'img.shields.io',
  'i.imgur.com',
  'cf.way2muchnoise.eu',
  'bstats.org',
];

/** The proxy parameter that would send failed loads elsewhere; removed so a proxied image cannot redirect. */
export const IMAGE_PROXY_ERROR_REDIRECT_PARAM = 'errorredirect';

/** href and src must start with one of these (case-insensitive), or they are emptied. */
export const ALLOWED_URL_PREFIXES: readonly string[] = ['http:', 'https:', 'mailto:', 'tel:', 'ftp:', 'data:image/', './', '../', '#', '/'];

/** The same rule as a regular expression, for the sanitiser's own URL check. */
export const ALLOWED_URL_PATTERN = /^(?:https?:|mailto:|tel:|ftp:|data:image\/|\.\.?\/|#|\/)/i;

export const EXTERNAL_LINK_REL = 'noopener nofollow ugc';

/** Highlighted code languages and the fence names that select them. */
export const HIGHLIGHT_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  javascript: ['js'],
  python: ['py'],
  lua: [],
  java: [],
  kotlin: ['kt'],
  scala: [],
  groovy: [],
  gradle: [],
  json: ['json5'],
  ini: ['toml'],
  yaml: ['yml'],
  xml: ['html', 'htm', 'xhtml', 'mcui', 'fxml'],
  properties: [],
};

/** The highlight language a fence name selects (`yml` → `yaml`), or undefined when it is not highlighted. */
export function highlightLanguage(fence: string): string | undefined {
  const name = fence.trim().toLowerCase();
  if (Object.hasOwn(HIGHLIGHT_LANGUAGES, name)) return name;
  return Object.keys(HIGHLIGHT_LANGUAGES).find((language) => HIGHLIGHT_LANGUAGES[language]?.includes(name));
}

/** Whether `tag` may carry `attribute` at all (before its value is checked). */
export function isAllowedAttribute(tag: string, attribute: string): boolean {
  if (attribute === 'class') return CLASS_TAGS.includes(tag);
  return Object.hasOwn(ALLOWED_ATTRIBUTES, tag) && (ALLOWED_ATTRIBUTES[tag]?.includes(attribute) ?? false);
}

/** The spec's URL scheme rule: an href or src outside the allowed prefixes becomes empty. */
export function sanitizeUrl(value: string): string {
  const url = value.trim();
  // Browsers ignore tabs and newlines inside URLs ("java\nscript:"); so must the check.
  const compact = url.replace(/[\t\n\r]/g, '');
  return ALLOWED_URL_PATTERN.test(compact) ? url : '';
}

/** `class` on pre/code/span keeps only `hljs-…` and `language-…` names; undefined means drop it. */
export function sanitizeClass(tag: string, value: string): string | undefined {
  if (!CLASS_TAGS.includes(tag)) return undefined;
  const kept = value.split(/\s+/).filter((name) => /^(?:hljs-|language-)[\w-]+$/.test(name));
  return kept.length > 0 ? kept.join(' ') : undefined;
}

const ALLOWED_CSS: Readonly<Record<string, readonly string[]>> = {
  'image-rendering': ['pixelated'],
  'text-align': ['left', 'center', 'right'],
  float: ['left', 'right'],
};

/**
 * Inline CSS keeps only `image-rendering: pixelated`, `text-align: left|center|right` and
 * `float: left|right`; anything else (including `expression(…)`, `url(…)` and script
 * protocols, which can never match those values) is dropped. Undefined means no style is left.
 */
export function sanitizeStyle(value: string): string | undefined {
  const kept: string[] = [];
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const propertyValue = declaration
      .slice(colon + 1)
      .replace(/!important/i, '')
      .trim()
      .toLowerCase();
    if (ALLOWED_CSS[property]?.includes(propertyValue)) kept.push(`${property}: ${propertyValue}`);
  }
  return kept.length > 0 ? kept.join('; ') : undefined;
}

const VIDEO_EMBED_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com'];
const CHAT_WIDGET_HOSTS = ['discord.com', 'discordapp.com'];

/**
 * An iframe may only show a video embed (`/embed/{11-character id}`, keeping `start` and `end`
 * when they are digits) or a chat-server widget (`/widget?id={18–19 digits}`), over https;
 * every other parameter is removed. Undefined means the iframe has no acceptable source.
 */
export function sanitizeIframeSrc(value: string): string | undefined {
  const url = parseUrl(value.trim());
  if (!url || url.protocol !== 'https:') return undefined;
  const host = url.hostname.toLowerCase();
  if (VIDEO_EMBED_HOSTS.includes(host)) {
    const match = /^\/embed\/([A-Za-z0-9_-]{11})$/.exec(url.pathname);
    if (!match) return undefined;
    const params = ['start', 'end']
      .map((name) => [name, url.searchParams.get(name)] as const)
      .filter(([, v]) => v !== null && /^\d+$/.test(v))
      .map(([name, v]) => `${name}=${v}`);
    // One spelling per service, the one the site's content security policy lists.
    const canonicalHost = host.endsWith('youtube-nocookie.com') ? 'www.youtube-nocookie.com' : 'www.youtube.com';
    return `https://${canonicalHost}/embed/${match[1]}${params.length ? `?${params.join('&')}` : ''}`;
  }
  if (CHAT_WIDGET_HOSTS.includes(host)) {
    const id = url.searchParams.get('id');
    if (!/^\/widget\/?$/.test(url.pathname) || id === null || !/^\d{18,19}$/.test(id)) return undefined;
    return `https://discord.com/widget?id=${id}`;
  }
  return undefined;
}

/** Whether `url` is on one of `hosts`, given as `name` (any port) or `name:port`. */
function onHost(url: ParsedUrl, hosts: readonly string[]): boolean {
  const name = url.hostname.toLowerCase();
  const withPort = url.host.toLowerCase();
  return hosts.some((host) => {
    const wanted = host.toLowerCase();
    return wanted === name || wanted === withPort;
  });
}

function isDirectMediaHost(url: ParsedUrl, options: MarkdownPolicyOptions): boolean {
  return (options.trustedMediaHosts ?? TRUSTED_MEDIA_HOSTS).includes(url.hostname.toLowerCase()) || onHost(url, options.ownMediaHosts ?? []);
}

function isImageProxyUrl(url: ParsedUrl, options: MarkdownPolicyOptions): boolean {
  if (options.imageProxyUrl === undefined) return false;
  const proxy = parseUrl(options.imageProxyUrl);
  return proxy !== undefined && proxy.host === url.host && proxy.pathname === url.pathname;
}

/**
 * One media URL: data: and relative URLs stay, trusted hosts load directly, an URL that already
 * points at the image proxy loses its error-redirect parameter, and every other host is loaded
 * through the proxy (or directly, when there is none). Run `sanitizeUrl` first.
 */
export function rewriteMediaUrl(value: string, options: MarkdownPolicyOptions): string {
  const src = value.trim();
  if (src === '' || /^data:/i.test(src)) return src;
  // Relative and same-site paths, but not protocol-relative ones ("//host/…").
  if (/^(?:\.\.?\/|#|\/(?!\/))/.test(src)) return src;
  const url = parseUrl(src, 'https://invalid.invalid');
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return '';
  if (isImageProxyUrl(url, options)) {
    url.searchParams.delete(IMAGE_PROXY_ERROR_REDIRECT_PARAM);
    return url.href;
  }
  if (options.imageProxyUrl === undefined || isDirectMediaHost(url, options)) return src;
  return `${options.imageProxyUrl}${encodeURIComponent(url.href)}`;
}

/** `srcset` = comma-separated "url descriptor" candidates; each URL is checked and rewritten. */
export function rewriteSrcset(value: string, options: MarkdownPolicyOptions): string {
  return value
    .split(',')
    .map((candidate) => candidate.trim())
    .filter(Boolean)
    .map((candidate) => {
      const [url = '', ...descriptor] = candidate.split(/\s+/);
      const rewritten = rewriteMediaUrl(sanitizeUrl(url), options);
      return rewritten ? [rewritten, ...descriptor].join(' ') : '';
    })
    .filter(Boolean)
    .join(', ');
}

/** Whether a link leaves the site (absolute http(s) URL on another host). */
export function isExternalLink(href: string, options: MarkdownPolicyOptions): boolean {
  const value = href.trim();
  if (!/^(?:https?:)?\/\//i.test(value)) return false;
  const url = parseUrl(value, 'https://invalid.invalid');
  if (!url) return true;
  return !onHost(url, options.siteHosts ?? []);
}

/**
 * The value `attribute` keeps on `tag`, or undefined to drop it. Names must be lower case
 * (as the HTML parser delivers them).
 */
export function sanitizeAttribute(tag: string, attribute: string, value: string, options: MarkdownPolicyOptions): string | undefined {
  if (!isAllowedAttribute(tag, attribute)) return undefined;
  if (attribute === 'class') return sanitizeClass(tag, value);
  if (attribute === 'style') return sanitizeStyle(value);
  if (tag === 'iframe' && attribute === 'src') return sanitizeIframeSrc(value);
  if (tag === 'iframe' && (attribute === 'start' || attribute === 'end')) return /^\d+$/.test(value.trim()) ? value.trim() : undefined;
  if (tag === 'input' && attribute === 'type') return value.trim().toLowerCase() === 'checkbox' ? 'checkbox' : undefined;
  if (attribute === 'srcset') return rewriteSrcset(value, options) || undefined;
  if (URL_ATTRIBUTES.has(attribute)) {
    const url = sanitizeUrl(value);
    if (MEDIA_TAGS.has(tag) && MEDIA_ATTRIBUTES.has(attribute)) return rewriteMediaUrl(url, options);
    return url;
  }
  return value;
}
