import type { Purifier, SanitizedElement } from '@cairn/shared/markdown/renderer';

/**
 * A DOM-free sanitiser with the interface the shared markdown renderer expects of DOMPurify
 * (`shared/src/markdown/renderer.ts`), so the API renders markdown with exactly the website's
 * renderer, allow-lists and policy hooks, without a browser DOM on the server.
 *
 * Safety does not rest on parsing HTML exactly as a browser would. The output is rebuilt from the
 * parsed tree and nothing of the input is copied through: only allow-listed element names, only
 * attributes the policy hooks and the configured allow-list keep (values re-escaped and quoted),
 * and text whose every `<` and `>` is escaped. Input the tokenizer does not understand becomes
 * escaped text. What may differ from a browser is fidelity (a rare malformed construct shown as
 * text), never what can run. Why not DOMPurify on the server: docs/decisions/0015-server-side-markdown-sanitiser.md.
 */

type Hook = (node: SanitizedElement, event?: AttributeEvent) => void;

interface AttributeEvent {
  attrName: string;
  attrValue: string;
  keepAttr: boolean;
}

interface PurifyRules {
  allowedTags: ReadonlySet<string>;
  allowedAttributes: ReadonlySet<string>;
  forbiddenTags: ReadonlySet<string>;
  uriSafeAttributes: ReadonlySet<string>;
  uriPattern: RegExp;
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose content the HTML parser reads as raw text up to the matching end tag. */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'textarea', 'title']);
/** Removed elements whose content goes with them (DOMPurify's default FORBID_CONTENTS); others leave their content. */
const DROPPED_WITH_CONTENT = new Set([
  'annotation-xml', 'audio', 'colgroup', 'desc', 'foreignobject', 'head', 'iframe', 'math', 'mi', 'mn', 'mo', 'ms', 'mtext', 'noembed',
  'noframes', 'noscript', 'plaintext', 'script', 'style', 'svg', 'template', 'thead', 'title', 'video', 'xmp',
]);
/** Deeper elements are flattened into their parent, which keeps the recursive walk below bounded. */
const MAX_DEPTH = 128;
/** What DOMPurify strips from a URL before testing it against the allowed pattern. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it matches
const ATTRIBUTE_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const ATTRIBUTE_NAME = /^[a-z][a-z0-9-]*$/;
const NAMED_REFERENCES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

class PurifiedElement implements SanitizedElement {
  readonly attributes = new Map<string, string>();
  readonly children: Node[] = [];
  removed = false;
  constructor(readonly name: string) {}
  get nodeName(): string {
    return this.name.toUpperCase();
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }
  remove(): void {
    this.removed = true;
  }
}

type Node = PurifiedElement | { text: string };

function stringSet(value: unknown): Set<string> {
  return new Set(Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').map((item) => item.toLowerCase()) : []);
}

/** The DOMPurify options the shared renderer passes; anything missing fails closed. */
function readRules(config: Record<string, unknown>): PurifyRules {
  return {
    allowedTags: stringSet(config.ALLOWED_TAGS),
    allowedAttributes: stringSet(config.ALLOWED_ATTR),
    forbiddenTags: stringSet(config.FORBID_TAGS),
    uriSafeAttributes: stringSet(config.ADD_URI_SAFE_ATTR),
    uriPattern: config.ALLOWED_URI_REGEXP instanceof RegExp ? config.ALLOWED_URI_REGEXP : /(?!)/,
  };
}

/** Decodes the character references an attribute value may hold (numeric ones and the common named ones). */
export function decodeAttributeValue(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);/g, (reference, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      const valid = Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_REFERENCES[body.toLowerCase()] ?? reference;
  });
}

/** Text as HTML: markup characters escaped, well-formed character references kept. */
function escapeText(text: string): string {
  return text.replace(/&(?!(?:#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);)|<|>/g, (match) => (match === '<' ? '&lt;' : match === '>' ? '&gt;' : '&amp;'));
}

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (match) => ATTRIBUTE_ESCAPES[match] ?? match);
}

const WHITESPACE = /[\t\n\f\r ]*/y;
const TAG_NAME = /[a-zA-Z][^\t\n\f\r />]*/y;
const ATTRIBUTE = /[^\t\n\f\r />][^\t\n\f\r />=]*/y;
const UNQUOTED_VALUE = /[^\t\n\f\r >]*/y;

function matchAt(pattern: RegExp, input: string, position: number): string {
  pattern.lastIndex = position;
  return pattern.exec(input)?.[0] ?? '';
}

interface StartTag {
  name: string;
  attributes: Map<string, string>;
  end: number;
}

/** A start tag at `position` (just after `<`), or undefined when it never closes (then `<` is text). */
function readStartTag(input: string, position: number): StartTag | undefined {
  const name = matchAt(TAG_NAME, input, position);
  let at = position + name.length;
  const attributes = new Map<string, string>();
  for (;;) {
    at += matchAt(WHITESPACE, input, at).length;
    const char = input[at];
    if (char === undefined) return undefined;
    if (char === '>') return { name: name.toLowerCase(), attributes, end: at + 1 };
    if (char === '/') {
      at++;
      continue;
    }
    const attribute = matchAt(ATTRIBUTE, input, at);
    at += attribute.length;
    at += matchAt(WHITESPACE, input, at).length;
    let value = '';
    if (input[at] === '=') {
      at++;
      at += matchAt(WHITESPACE, input, at).length;
      const quote = input[at];
      if (quote === '"' || quote === "'") {
        const close = input.indexOf(quote, at + 1);
        if (close === -1) return undefined;
        value = input.slice(at + 1, close);
        at = close + 1;
      } else {
        value = matchAt(UNQUOTED_VALUE, input, at);
        at += value.length;
      }
    }
    const key = attribute.toLowerCase();
    // As in HTML, the first of duplicate attributes counts.
    if (!attributes.has(key)) attributes.set(key, value);
  }
}

/** Builds the element tree of an HTML fragment: comments, doctypes and processing instructions dropped. */
function parseFragment(input: string): PurifiedElement {
  const root = new PurifiedElement('#root');
  const open: PurifiedElement[] = [root];
  const current = () => open[open.length - 1] ?? root;
  let at = 0;
  while (at < input.length) {
    const lt = input.indexOf('<', at);
    const textEnd = lt === -1 ? input.length : lt;
    if (textEnd > at) current().children.push({ text: input.slice(at, textEnd) });
    if (lt === -1) break;
    at = lt;
    const next = input[at + 1] ?? '';
    if (input.startsWith('<!--', at)) {
      const close = input.indexOf('-->', at + 4);
      at = close === -1 ? input.length : close + 3;
    } else if (next === '!' || next === '?') {
      const close = input.indexOf('>', at);
      at = close === -1 ? input.length : close + 1;
    } else if (next === '/' && /[a-zA-Z]/.test(input[at + 2] ?? '')) {
      const name = matchAt(TAG_NAME, input, at + 2).toLowerCase();
      const close = input.indexOf('>', at);
      at = close === -1 ? input.length : close + 1;
      const index = open.findLastIndex((element, i) => i > 0 && element.name === name);
      if (index > 0) open.length = index;
    } else if (/[a-zA-Z]/.test(next)) {
      const tag = readStartTag(input, at + 1);
      if (!tag) {
        current().children.push({ text: '<' });
        at++;
        continue;
      }
      const element = new PurifiedElement(tag.name);
      for (const [name, value] of tag.attributes) element.attributes.set(name, value);
      current().children.push(element);
      at = tag.end;
      if (tag.name === 'plaintext') {
        at = input.length;
      } else if (RAW_TEXT_ELEMENTS.has(tag.name)) {
        const closing = new RegExp(`</${tag.name}(?=[\\t\\n\\f\\r />])`, 'ig');
        closing.lastIndex = at;
        const match = closing.exec(input);
        const contentEnd = match ? match.index : input.length;
        // Only a textarea's raw content is text a reader would see; the rest is code or ignored.
        if (tag.name === 'textarea') element.children.push({ text: input.slice(at, contentEnd) });
        const close = match ? input.indexOf('>', contentEnd) : -1;
        at = close === -1 ? input.length : close + 1;
      } else if (!VOID_ELEMENTS.has(tag.name) && open.length < MAX_DEPTH) {
        open.push(element);
      }
    } else {
      current().children.push({ text: '<' });
      at++;
    }
  }
  return root;
}

function isValidAttribute(rules: PurifyRules, name: string, value: string): boolean {
  if (!ATTRIBUTE_NAME.test(name) || !rules.allowedAttributes.has(name)) return false;
  if (rules.uriSafeAttributes.has(name)) return true;
  return value === '' || rules.uriPattern.test(value.replace(ATTRIBUTE_WHITESPACE, ''));
}

/** Creates a purifier; like a DOMPurify instance, it keeps the hooks added to it. */
export function createHtmlPurifier(): Purifier {
  const hooks: Record<'uponSanitizeAttribute' | 'afterSanitizeAttributes', Hook[]> = { uponSanitizeAttribute: [], afterSanitizeAttributes: [] };

  function serialize(nodes: readonly Node[], rules: PurifyRules, out: string[]): void {
    for (const node of nodes) {
      if (!(node instanceof PurifiedElement)) {
        out.push(escapeText(node.text));
        continue;
      }
      const name = node.name;
      if (!rules.allowedTags.has(name) || rules.forbiddenTags.has(name)) {
        if (!DROPPED_WITH_CONTENT.has(name)) serialize(node.children, rules, out);
        continue;
      }
      for (const [attribute, raw] of [...node.attributes]) {
        const event: AttributeEvent = { attrName: attribute, attrValue: decodeAttributeValue(raw), keepAttr: true };
        for (const hook of hooks.uponSanitizeAttribute) hook(node, event);
        if (event.keepAttr && isValidAttribute(rules, attribute, event.attrValue)) node.setAttribute(attribute, event.attrValue);
        else node.removeAttribute(attribute);
      }
      for (const hook of hooks.afterSanitizeAttributes) hook(node);
      if (node.removed) continue;
      const attributes = [...node.attributes]
        .filter(([attribute]) => ATTRIBUTE_NAME.test(attribute))
        .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
        .join('');
      out.push(`<${name}${attributes}>`);
      if (VOID_ELEMENTS.has(name)) continue;
      // An iframe's content is never shown; the parser kept none.
      serialize(node.children, rules, out);
      out.push(`</${name}>`);
    }
  }

  return {
    addHook(entryPoint, hook) {
      hooks[entryPoint].push(hook as Hook);
    },
    sanitize(dirty, config) {
      const out: string[] = [];
      serialize(parseFragment(dirty).children, readRules(config), out);
      return out.join('');
    },
  };
}
