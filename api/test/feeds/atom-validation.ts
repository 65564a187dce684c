import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Checks for the Atom feeds: the RELAX NG schema of RFC 4287 (atom.rng beside this file, run with
 * xmllint) and the RFC's rules stated only in prose, on a small tree of the document that the
 * tests also read entries from.
 */

const SCHEMA = fileURLToPath(new URL('./atom.rng', import.meta.url));

export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|lt|gt|amp|quot|apos);/gi, (_, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[ref.toLowerCase()]!;
  });
}

/** Parses the well-formed XML the feeds write (no comments, CDATA or DTD): elements, attributes and text. */
export function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const token = /<\?[^>]*\?>|<([\w:.-]+)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|<\/([\w:.-]+)>|([^<]+)/g;
  for (const match of xml.matchAll(token)) {
    const [, open, attributes, selfClosing, close, text] = match;
    const current = stack.at(-1)!;
    if (open) {
      const node: XmlNode = { name: open, attributes: {}, children: [], text: '' };
      for (const [, name, value] of (attributes ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) node.attributes[name!] = decode(value!);
      current.children.push(node);
      if (!selfClosing) stack.push(node);
    } else if (close) {
      if (current.name !== close) throw new Error(`</${close}> closes <${current.name}>`);
      stack.pop();
    } else if (text !== undefined) {
      current.text += decode(text);
    }
  }
  if (stack.length !== 1 || root.children.length !== 1) throw new Error('not one root element');
  return root.children[0]!;
}

export const childrenNamed = (node: XmlNode, name: string) => node.children.filter((child) => child.name === name);
export const childText = (node: XmlNode, name: string) => childrenNamed(node, name)[0]?.text;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The RFC's prose rules (section 4.1), which the schema cannot express; returns the broken ones. */
export function proseRuleViolations(feed: XmlNode): string[] {
  const problems: string[] = [];
  const exactlyOne = (node: XmlNode, where: string, names: string[]) => {
    for (const name of names) if (childrenNamed(node, name).length !== 1) problems.push(`${where}: needs exactly one ${name}`);
  };
  const atMostOne = (node: XmlNode, where: string, names: string[]) => {
    for (const name of names) if (childrenNamed(node, name).length > 1) problems.push(`${where}: more than one ${name}`);
  };
  const alternatesUnique = (node: XmlNode, where: string) => {
    const keys = childrenNamed(node, 'link')
      .filter((link) => (link.attributes.rel ?? 'alternate') === 'alternate')
      .map((link) => `${link.attributes.type ?? ''} ${link.attributes.hreflang ?? ''}`);
    if (new Set(keys).size !== keys.length) problems.push(`${where}: two alternate links with the same type and hreflang`);
  };
  const dates = (node: XmlNode, where: string) => {
    for (const name of ['updated', 'published']) for (const date of childrenNamed(node, name)) if (!RFC3339.test(date.text)) problems.push(`${where}: ${name} is not RFC 3339`);
  };

  if (feed.name !== 'feed' || feed.attributes.xmlns !== 'http://www.w3.org/2005/Atom') problems.push('the root is not atom:feed');
  exactlyOne(feed, 'feed', ['id', 'title', 'updated']);
  atMostOne(feed, 'feed', ['generator', 'icon', 'logo', 'rights', 'subtitle']);
  alternatesUnique(feed, 'feed');
  dates(feed, 'feed');
  if (childrenNamed(feed, 'link').filter((link) => link.attributes.rel === 'self').length !== 1) problems.push('feed: needs one self link');
  const entries = childrenNamed(feed, 'entry');
  if (childrenNamed(feed, 'author').length === 0 && entries.some((entry) => childrenNamed(entry, 'author').length === 0)) {
    problems.push('feed: no author on the feed and an entry without one');
  }
  const ids = entries.map((entry) => childText(entry, 'id'));
  if (new Set(ids).size !== ids.length) problems.push('feed: two entries with the same id');
  entries.forEach((entry, i) => {
    const where = `entry ${i + 1}`;
    exactlyOne(entry, where, ['id', 'title', 'updated']);
    atMostOne(entry, where, ['content', 'published', 'rights', 'source', 'summary']);
    alternatesUnique(entry, where);
    dates(entry, where);
    const content = childrenNamed(entry, 'content')[0];
    const hasAlternate = childrenNamed(entry, 'link').some((link) => (link.attributes.rel ?? 'alternate') === 'alternate');
    if (!content && !hasAlternate) problems.push(`${where}: neither content nor an alternate link`);
    if (content?.attributes.src !== undefined && childrenNamed(entry, 'summary').length === 0) problems.push(`${where}: out-of-line content without a summary`);
  });
  return problems;
}

function xmllintAvailable(): boolean {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let available: boolean | undefined;

/**
 * Validates a document against atom.rng with xmllint (Debian's libxml2-utils; `.ci/run` installs
 * it). Under CI a missing xmllint is a failure, never a skip; elsewhere only the prose rules are
 * checked then, with a warning.
 */
export function schemaViolations(xml: string): string[] {
  available ??= xmllintAvailable();
  if (!available) {
    if (process.env.CI === 'true') throw new Error('xmllint is missing (install libxml2-utils): the Atom schema cannot be checked');
    console.warn('xmllint is not installed: Atom feeds are checked against the RFC prose rules only');
    return [];
  }
  try {
    execFileSync('xmllint', ['--noout', '--relaxng', SCHEMA, '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
    return [];
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    return stderr.split('\n').filter((line) => line.trim() && !line.includes('fails to validate'));
  }
}

/** Every check: schema and prose rules. Returns the parsed feed for the test's own assertions. */
export function validAtomFeed(xml: string): XmlNode {
  const problems = [...schemaViolations(xml), ...proseRuleViolations(parseXml(xml))];
  if (problems.length > 0) throw new Error(`not a valid Atom feed:\n${problems.join('\n')}\n${xml.slice(0, 2000)}`);
  return parseXml(xml);
}
