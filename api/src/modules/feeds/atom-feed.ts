import { writeXmlDocument, type XmlElement } from './xml-writer.js';

/** An Atom feed (RFC 4287) as the feeds module builds it, before it is written as XML. */
export interface AtomFeed {
  /** A permanent, unique IRI. */
  id: string;
  title: string;
  subtitle?: string;
  /** The newest `updated` of its entries (or of the thing it follows, when it has none). */
  updated: Date;
  /** The feed's own URL (`rel="self"`). */
  selfUrl: string;
  /** The page on the website it mirrors (`rel="alternate"`). */
  alternateUrl: string;
  authors: readonly AtomPerson[];
  icon?: string;
  entries: readonly AtomEntry[];
}

export interface AtomPerson {
  name: string;
  uri?: string;
}

export interface AtomCategory {
  term: string;
  /** IRI of the vocabulary the term comes from. */
  scheme?: string;
  label?: string;
}

export interface AtomEntry {
  id: string;
  title: string;
  updated: Date;
  published?: Date;
  /** The entry's page on the website (`rel="alternate"`, text/html). */
  url: string;
  authors: readonly AtomPerson[];
  categories: readonly AtomCategory[];
  summary?: string;
  /** Sanitised HTML, sent escaped as `<content type="html">`; relative links resolve against `contentBase`. */
  contentHtml?: string;
  contentBase?: string;
}

const ATOM_NS = 'http://www.w3.org/2005/Atom';

const text = (name: string, value: string, attributes?: XmlElement['attributes']): XmlElement => ({ name, attributes, children: [value] });
const date = (name: string, value: Date) => text(name, value.toISOString());

function person(name: 'author', value: AtomPerson): XmlElement {
  return { name, children: [text('name', value.name), ...(value.uri ? [text('uri', value.uri)] : [])] };
}

function entryElement(entry: AtomEntry): XmlElement {
  return {
    name: 'entry',
    children: [
      text('id', entry.id),
      text('title', entry.title, { type: 'text' }),
      date('updated', entry.updated),
      ...(entry.published ? [date('published', entry.published)] : []),
      { name: 'link', attributes: { rel: 'alternate', type: 'text/html', href: entry.url } },
      ...entry.authors.map((author) => person('author', author)),
      ...entry.categories.map((category): XmlElement => ({ name: 'category', attributes: { term: category.term, scheme: category.scheme, label: category.label } })),
      ...(entry.summary ? [text('summary', entry.summary, { type: 'text' })] : []),
      ...(entry.contentHtml ? [text('content', entry.contentHtml, { type: 'html', 'xml:base': entry.contentBase })] : []),
    ],
  };
}

/** The feed as an Atom 1.0 document. */
export function writeAtomFeed(feed: AtomFeed): string {
  return writeXmlDocument({
    name: 'feed',
    attributes: { xmlns: ATOM_NS },
    children: [
      text('id', feed.id),
      text('title', feed.title, { type: 'text' }),
      ...(feed.subtitle ? [text('subtitle', feed.subtitle, { type: 'text' })] : []),
      date('updated', feed.updated),
      { name: 'link', attributes: { rel: 'self', type: 'application/atom+xml', href: feed.selfUrl } },
      { name: 'link', attributes: { rel: 'alternate', type: 'text/html', href: feed.alternateUrl } },
      ...feed.authors.map((author) => person('author', author)),
      text('generator', 'Cairn'),
      ...(feed.icon ? [text('icon', feed.icon)] : []),
      ...feed.entries.map(entryElement),
    ],
  });
}
