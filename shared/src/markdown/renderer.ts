import hljs from 'highlight.js/lib/core';
import gradle from 'highlight.js/lib/languages/gradle';
import groovy from 'highlight.js/lib/languages/groovy';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import lua from 'highlight.js/lib/languages/lua';
import properties from 'highlight.js/lib/languages/properties';
import python from 'highlight.js/lib/languages/python';
import scala from 'highlight.js/lib/languages/scala';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import MarkdownIt from 'markdown-it';
import {
  ALL_ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  ALLOWED_URL_PATTERN,
  EXTERNAL_LINK_REL,
  URL_ATTRIBUTES,
  HIGHLIGHT_LANGUAGES,
  highlightLanguage,
  isExternalLink,
  sanitizeAttribute,
  type MarkdownPolicyOptions,
} from './policy.js';

/**
 * The parts of an element the policy hooks touch. Structural, so this package needs no DOM
 * typings: the sanitiser (DOMPurify in the browser) hands real elements in.
 */
export interface SanitizedElement {
  readonly nodeName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  remove(): void;
}

interface AttributeHookEvent {
  attrName: string;
  attrValue: string;
  keepAttr: boolean;
}

/**
 * What the renderer needs from DOMPurify (an instance bound to a window). The hook parameter is
 * left opaque so DOMPurify's own overloads satisfy it; the hooks below state their real shapes.
 */
export interface Purifier {
  sanitize(dirty: string, config: Record<string, unknown>): unknown;
  addHook(entryPoint: 'uponSanitizeAttribute' | 'afterSanitizeAttributes', hook: never): void;
}

export interface MarkdownRendererOptions extends MarkdownPolicyOptions {
  /** A DOMPurify instance used only by this renderer (it receives the policy's hooks). */
  purify: Purifier;
}

export interface MarkdownRenderer {
  /** Markdown (raw HTML allowed) → sanitised HTML. */
  render(markdown: string): string;
}

let languagesRegistered = false;
/**
 * highlight.js with the listed languages registered. It returns the instance, and callers use
 * it, because the web build declares every function of this package pure: a registration call
 * whose result went unused was dropped from the bundle, leaving no languages at all.
 */
function highlighterWithLanguages(): typeof hljs {
  if (languagesRegistered) return hljs;
  const definitions = { javascript, python, lua, java, kotlin, scala, groovy, gradle, json, ini, yaml, xml, properties };
  for (const [name, definition] of Object.entries(definitions)) {
    hljs.registerLanguage(name, definition);
    hljs.registerAliases([...(HIGHLIGHT_LANGUAGES[name] ?? [])], { languageName: name });
  }
  languagesRegistered = true;
  return hljs;
}

function embedTitle(src: string): string {
  return src.includes('/widget') ? 'Chat server widget' : 'Embedded video';
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Creates the one markdown renderer of spec §5: raw HTML allowed, URLs auto-linked, no
 * line-break conversion, code highlighted for the listed languages, and the output sanitised to
 * the allow-list in `policy.ts` (attributes, CSS, iframes, classes, media hosts, link rel, URL
 * schemes; comments removed).
 */
export function createMarkdownRenderer({ purify, ...policy }: MarkdownRendererOptions): MarkdownRenderer {
  const highlighter = highlighterWithLanguages();
  const markdown = new MarkdownIt({
    html: true,
    linkify: true,
    breaks: false,
    highlight(code, fence) {
      const language = highlightLanguage(fence);
      if (!language) return '';
      const { value } = highlighter.highlight(code, { language, ignoreIllegals: true });
      return `<pre><code class="language-${escapeHtml(language)}">${value}</code></pre>`;
    },
  });
  // The sanitiser below decides which URLs survive; markdown-it's own check would also drop
  // data:image/ links that the spec allows.
  markdown.validateLink = (url) => ALLOWED_URL_PATTERN.test(url.trim());

  const onAttribute = (node: SanitizedElement, event: AttributeHookEvent) => {
    const tag = node.nodeName.toLowerCase();
    const value = sanitizeAttribute(tag, event.attrName, event.attrValue, policy);
    if (value === undefined) {
      event.keepAttr = false;
      return;
    }
    event.attrValue = value;
  };

  const afterAttributes = (node: SanitizedElement) => {
    const tag = node.nodeName.toLowerCase();
    if (tag === 'iframe') {
      const src = node.getAttribute('src');
      if (!src) node.remove();
      else if (!node.getAttribute('title')) node.setAttribute('title', embedTitle(src));
    } else if (tag === 'img') {
      // Unknown content: without a description it is treated as decorative, not announced as a file name.
      if (node.getAttribute('alt') === null) node.setAttribute('alt', '');
    } else if (tag === 'input') {
      // Only read-only checkboxes (task lists) remain; they repeat what the text says.
      if (node.getAttribute('type') !== 'checkbox') node.remove();
      else {
        node.setAttribute('disabled', '');
        node.setAttribute('aria-hidden', 'true');
        node.setAttribute('tabindex', '-1');
      }
    } else if (tag === 'a') {
      const href = node.getAttribute('href');
      if (href && isExternalLink(href, policy)) node.setAttribute('rel', EXTERNAL_LINK_REL);
    }
  };

  purify.addHook('uponSanitizeAttribute', onAttribute as never);
  purify.addHook('afterSanitizeAttributes', afterAttributes as never);

  const config = {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALL_ALLOWED_ATTRIBUTES],
    // URL attributes must match the spec's schemes; the others hold no URL, and their values
    // were already checked by the attribute hook.
    ALLOWED_URI_REGEXP: ALLOWED_URL_PATTERN,
    ADD_URI_SAFE_ATTR: ALL_ALLOWED_ATTRIBUTES.filter((name) => !URL_ATTRIBUTES.has(name)),
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_TAGS: ['style', 'script', 'form', 'button', 'textarea', 'select', 'object', 'embed', 'svg', 'math'],
  };

  return {
    render(source: string): string {
      return String(purify.sanitize(markdown.render(source), config));
    },
  };
}
