import MarkdownIt from 'markdown-it';
import {
  ALL_ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  ALLOWED_URL_PATTERN,
  EXTERNAL_LINK_REL,
  URL_ATTRIBUTES,
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
  /**
   * Highlighted HTML for a fenced block in one of the listed languages (`highlighter.ts`); without
   * it, code stays plain. Injected so that a renderer which never shows code colours (the API's
   * feeds) does not load the highlighter, and with it the browser typings its types declare.
   */
  highlight?: (code: string, language: string) => string;
}

export interface MarkdownRenderer {
  /** Markdown (raw HTML allowed) → sanitised HTML. */
  render(markdown: string): string;
}

function embedTitle(src: string): string {
  return src.includes('/widget') ? 'Chat server widget' : 'Embedded video';
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Creates the one markdown renderer of spec §5: raw HTML allowed, URLs auto-linked, no
 * line-break conversion, code highlighted for the listed languages (with `highlight`), and the output sanitised to
 * the allow-list in `policy.ts` (attributes, CSS, iframes, classes, media hosts, link rel, URL
 * schemes; comments removed).
 */
export function createMarkdownRenderer({ purify, highlight, ...policy }: MarkdownRendererOptions): MarkdownRenderer {
  const markdown = new MarkdownIt({
    html: true,
    linkify: true,
    breaks: false,
    highlight(code, fence) {
      const language = highlightLanguage(fence);
      if (!language || !highlight) return '';
      return `<pre><code class="language-${escapeHtml(language)}">${highlight(code, language)}</code></pre>`;
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
