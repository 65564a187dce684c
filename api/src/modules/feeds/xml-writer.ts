/**
 * A minimal XML writer for the feeds: elements, attributes and text, escaped. Characters XML 1.0
 * cannot carry at all (most C0 controls, unpaired surrogates, U+FFFE/U+FFFF) are dropped, so any
 * stored text makes a well-formed document.
 */

export interface XmlElement {
  name: string;
  attributes?: Readonly<Record<string, string | undefined>>;
  /** Child elements and text, in order. */
  children?: ReadonlyArray<XmlElement | string>;
}

// Unpaired surrogates are matched as such thanks to the `u` flag.
// eslint-disable-next-line no-control-regex -- the allowed control characters are named on purpose
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeXmlAttribute(value: string): string {
  return escapeXmlText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

function write(element: XmlElement, out: string[]): void {
  out.push(`<${element.name}`);
  for (const [name, value] of Object.entries(element.attributes ?? {})) {
    if (value !== undefined) out.push(` ${name}="${escapeXmlAttribute(value)}"`);
  }
  const children = element.children ?? [];
  if (children.length === 0) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of children) {
    if (typeof child === 'string') out.push(escapeXmlText(child));
    else write(child, out);
  }
  out.push(`</${element.name}>`);
}

/** The document: XML declaration and the root element. */
export function writeXmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="utf-8"?>\n'];
  write(root, out);
  out.push('\n');
  return out.join('');
}
