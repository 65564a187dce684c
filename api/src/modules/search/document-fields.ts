/**
 * The fields of search documents and the encodings both the document builder (documents.ts)
 * and the filter compiler (filter.ts) rely on: dimension letters, id and side-pair encodings,
 * combination tokens, the title sort key.
 */

import { decodeBase62 } from '../../lib/ids.js';

export const DIMENSIONS = ['l', 'g', 't', 'e', 'p'] as const;
/**
 * Version-level dimensions: loaders, game versions, project types, environment and the
 * client/server side pair (`required/optional`) the version is shown with.
 */
export type Dimension = (typeof DIMENSIONS)[number];

/** What a version-level count is keyed by: a dimension, or the client / server side (from `p`). */
export type CountKey = 'l' | 'g' | 't' | 'c' | 's';
export const COUNT_KEY_FIELD = { l: 'kl', g: 'kg', t: 'kt', c: 'kc', s: 'ks' } as const satisfies Record<CountKey, string>;

/** The values of one listed version that search filters on. */
export interface VersionFacts {
  loaders: readonly string[];
  gameVersions: readonly string[];
  projectTypes: readonly string[];
  environment: string;
  clientSide: string;
  serverSide: string;
}

/** Everything the index needs to know about a searchable project. */
export interface ProjectFacts {
  /** base62 id. */
  id: string;
  slug: string;
  title: string;
  summary: string;
  /** The summary's translations (searched too; hits show the original). */
  translatedSummaries?: readonly string[];
  /** Owner's username or the organization's name. */
  author: string;
  /** All categories (primary and additional); loaders are not categories here. */
  categories: readonly string[];
  /** License id as searched and shown (first SPDX token). */
  license: string;
  openSource: boolean;
  downloads: number;
  follows: number;
  /** Downloads in the last 7 days. */
  trending: number;
  /** Disclosure types (`archived`). */
  disclosures: readonly string[];
  /** Projects the listed versions depend on: `<id>` and `<dependency type>:<id>` (base62 ids). */
  dependencies: readonly string[];
  created: Date;
  modified: Date;
  /**
   * Listed versions. A project without any is described by one pseudo-version holding its
   * declared type and environment (so type and side filters still apply to it).
   */
  versions: readonly VersionFacts[];
  /** Stored as-is for the hit (display fields; built by the search mapper). */
  hit: Record<string, unknown>;
}

export type ValueSets = Record<Dimension, readonly string[]>;

/** Fields shared by both kinds of document. */
export interface BaseDocument {
  id: string;
  /** The project (indexedProjectId), on every document of it. */
  pid: string;
  title: string;
  slug: string;
  author: string;
  summary: string;
  /** Translated summaries. */
  tsummary: readonly string[];
  cat: readonly string[];
  license: string;
  oss: boolean;
  disc: readonly string[];
  dep: readonly string[];
  downloads: number;
  follows: number;
  created: number;
  modified: number;
  l?: string[];
  g?: string[];
  t?: string[];
  e?: string[];
  p?: string[];
  /** Uniform dimensions: every version has the same values in them. */
  u: Dimension[];
  vt: string[];
  kl?: string[];
  kg?: string[];
  kt?: string[];
  kc?: string[];
  ks?: string[];
}

export interface MainDocument extends BaseDocument {
  main: true;
  /** Key fields of the project-level counts (categories, license, open source). */
  kcat: readonly string[];
  klic: string;
  koss: boolean;
  trending: number;
  title_sort: string;
  /** The stored hit, serialized. */
  hit: string;
}

export interface CountingDocument extends BaseDocument {
  /** Absent: a facet distribution of `main` counts main documents only, and sorting by it puts them first. */
  main?: undefined;
  /**
   * Values the project's other versions have (`"g|1.21"`): with the document's own arrays,
   * the project-wide values that negated conditions test.
   */
  x?: string[];
}

export type SearchDocument = MainDocument | CountingDocument;

/**
 * A project id as documents store it for filtering (`pid`, `dep`): decimal. Meilisearch
 * compares filter values case-insensitively, and base62 ids that differ only in case are
 * different projects. Text that is no base62 id stays as it is (it matches no project).
 */
export function indexedProjectId(id: string): string {
  return decodeBase62(id)?.toString() ?? id;
}

/** `<id>` or `<dependency type>:<id>` with the id as documents store it. */
export function indexedDependency(dependency: string): string {
  const colon = dependency.indexOf(':');
  return colon < 0 ? indexedProjectId(dependency) : `${dependency.slice(0, colon + 1)}${indexedProjectId(dependency.slice(colon + 1))}`;
}

/** The `p` value of a version: its client and server side. */
export function sidePair(client: string, server: string): string {
  return `${client}/${server}`;
}

/** Token naming one combination of values (one per dimension of `dims`, in DIMENSIONS order). */
export function comboToken(dims: readonly Dimension[], values: readonly string[]): string {
  return `${dims.join('')}:${values.join('|')}`;
}

/** Lower-cased title without leading punctuation, for alphabetical order. */
export function titleSortKey(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+/u, '');
}
