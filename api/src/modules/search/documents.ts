/**
 * Search documents, built from a project's facts (pure; no I/O).
 *
 * One index holds two kinds of document:
 *
 * - the **main document** of a project (`main: true`): text, project-level fields, what the
 *   hit shows (one JSON string: Meilisearch hands it back without taking it apart), and the
 *   project's version-level values (loaders `l`, game versions `g`, project types `t`,
 *   environments `e`, client/server side pairs `p`) in a form that answers "does ONE listed
 *   version satisfy all these conditions?" exactly;
 * - **counting documents** (no `main`): lean copies that only exist so that facet counts of
 *   version-level fields are exact distinct-project counts (see below).
 *
 * One-version rule. A dimension is *uniform* in a project when every listed version has the
 * same set of values in it (typical: the same loaders and environment everywhere); `u` lists
 * them. For uniform dimensions "some version has x and y" splits into independent array
 * conditions. Only for the non-uniform dimensions does the document carry combination tokens
 * `vt` (`"lg:fabric|1.20.1"` = one version has loader fabric and game version 1.20.1), for
 * every subset of them with two or more dimensions. The filter compiler asks for the tokens
 * of a group of dimensions only where none of them is uniform (see filter.ts).
 *
 * Exact counts. Meilisearch counts documents, so every counted field has *key fields* that
 * place each (project, value) pair in exactly one document. Project-level values (`kcat`,
 * `klic`, `koss`) live on the main document only. The count of a version-level value k (say
 * game version 1.21) under the other filters is the number of projects with a version having
 * k that satisfies those filters: its key fields (`kl`, `kg`, `kt`, `kc`, `ks`) place each
 * (project, value) pair in the document whose fields describe the versions having that value:
 * the main document when those versions look like the whole project to every other filter,
 * otherwise a counting document shared by all values whose versions look alike (and by
 * compatible groups of other keys). A facet distribution over a key field, over all documents
 * that pass a filter, then counts each project once per value.
 */


import {
  COUNT_KEY_FIELD,
  DIMENSIONS,
  indexedDependency,
  indexedProjectId,
  sidePair,
  titleSortKey,
  type BaseDocument,
  type CountKey,
  type CountingDocument,
  type Dimension,
  type MainDocument,
  type ProjectFacts,
  type SearchDocument,
  type ValueSets,
  type VersionFacts,
} from './document-fields.js';

export type { SearchDocument, VersionFacts } from './document-fields.js';


function valuesOf(version: VersionFacts, dimension: Dimension): readonly string[] {
  switch (dimension) {
    case 'l':
      return version.loaders;
    case 'g':
      return version.gameVersions;
    case 't':
      return version.projectTypes;
    case 'e':
      return [version.environment];
    case 'p':
      return [sidePair(version.clientSide, version.serverSide)];
  }
}

/** A version's distinct values per dimension, sorted, with a key telling equal sets apart. */
interface PreparedVersion {
  values: Record<Dimension, string[]>;
  keys: Record<Dimension, string>;
}

function prepare(version: VersionFacts): PreparedVersion {
  const values = {} as Record<Dimension, string[]>;
  const keys = {} as Record<Dimension, string>;
  for (const d of DIMENSIONS) {
    const list = [...new Set(valuesOf(version, d))].sort();
    values[d] = list;
    keys[d] = list.join('\u0000');
  }
  return { values, keys };
}

interface Description {
  values: ValueSets;
  nonUniform: Dimension[];
  tokens: string[];
}

/** Subsets of `dims` with at least two members, in a stable order. */
function subsetsOfTwoOrMore(dims: readonly Dimension[]): Dimension[][] {
  const result: Dimension[][] = [];
  const total = 1 << dims.length;
  for (let mask = 0; mask < total; mask++) {
    const subset = dims.filter((_, i) => mask & (1 << i));
    if (subset.length >= 2) result.push(subset);
  }
  return result;
}


function addProducts(out: Set<string>, dims: Dimension[], version: PreparedVersion): void {
  const lists = dims.map((d) => version.values[d]);
  if (lists.some((list) => list.length === 0)) return;
  const prefix = `${dims.join('')}:`;
  const walk = (depth: number, text: string) => {
    if (depth === lists.length) {
      out.add(text);
      return;
    }
    for (const value of lists[depth]!) walk(depth + 1, depth === 0 ? prefix + value : `${text}|${value}`);
  };
  walk(0, prefix);
}

/** The version-level part of a document for a set of versions: value unions, non-uniform dimensions, combination tokens. */
function describe(versions: readonly PreparedVersion[]): Description {
  const values = {} as Record<Dimension, string[]>;
  const nonUniform: Dimension[] = [];
  for (const d of DIMENSIONS) {
    const first = versions[0]?.keys[d];
    let uniform = true;
    const union = new Set<string>();
    for (const version of versions) {
      if (uniform && version.keys[d] !== first) uniform = false;
      for (const value of version.values[d]) union.add(value);
    }
    values[d] = uniform && versions[0] ? versions[0].values[d] : [...union].sort();
    if (!uniform) nonUniform.push(d);
  }
  const tokens = new Set<string>();
  for (const subset of subsetsOfTwoOrMore(nonUniform)) {
    for (const version of versions) addProducts(tokens, subset, version);
  }
  return { values, nonUniform, tokens: [...tokens].sort() };
}

/** What a description says to filters that do not mention `exclude`. */
function signature(description: Description, exclude: Dimension | undefined): string {
  let text = '';
  for (const d of DIMENSIONS) {
    if (d === exclude) continue;
    text += `${description.nonUniform.includes(d) ? '*' : '='}${description.values[d].join('\u0001')}\u0002`;
  }
  for (const token of description.tokens) {
    if (!exclude || !token.slice(0, token.indexOf(':')).includes(exclude)) text += `${token}\u0001`;
  }
  return text;
}

/** For each value of a count key: the positions of the versions having it. */
function versionsByKey(versions: readonly VersionFacts[], prepared: readonly PreparedVersion[], key: CountKey): Map<string, number[]> {
  const byValue = new Map<string, number[]>();
  prepared.forEach((version, index) => {
    let keys: readonly string[];
    if (key === 'c') keys = [versions[index]!.clientSide];
    else if (key === 's') keys = [versions[index]!.serverSide];
    else keys = version.values[key];
    for (const value of keys) {
      const list = byValue.get(value);
      if (list) list.push(index);
      else byValue.set(value, [index]);
    }
  });
  return byValue;
}

/** The dimension a count key is about (a side is half of `p`, which other side filters still need). */
function excludedFor(key: CountKey): Dimension | undefined {
  return key === 'c' || key === 's' ? undefined : key;
}

/** Values of one count key whose versions look alike, and what their versions look like. */
interface CountingGroup {
  key: CountKey;
  /** The dimension the key is about: the group's description is not used for it. */
  exclude: Dimension | undefined;
  values: string[];
  description: Description;
  /** Tokens by dimension subset (`"lg"` → sorted tokens joined). */
  tokenSets: Map<string, string>;
}

function tokenSetsOf(tokens: readonly string[]): Map<string, string> {
  const sets = new Map<string, string[]>();
  for (const token of tokens) {
    const dims = token.slice(0, token.indexOf(':'));
    const list = sets.get(dims);
    if (list) list.push(token);
    else sets.set(dims, [token]);
  }
  return new Map([...sets].map(([dims, list]) => [dims, list.join('\u0000')]));
}

/**
 * Two groups may share a counting document when they count different keys and their
 * versions look the same on every dimension neither of them is about: each count query
 * ignores the dimension it counts, so the document can show each group's own view there.
 */
function compatible(a: CountingGroup, b: CountingGroup): boolean {
  if (a.key === b.key) return false;
  const ignored = (d: string) => d === a.exclude || d === b.exclude;
  for (const d of DIMENSIONS) {
    if (ignored(d)) continue;
    if (a.description.values[d].join('\u0000') !== b.description.values[d].join('\u0000')) return false;
    if (a.description.nonUniform.includes(d) !== b.description.nonUniform.includes(d)) return false;
  }
  for (const dims of new Set([...a.tokenSets.keys(), ...b.tokenSets.keys()])) {
    if ([...dims].some(ignored)) continue;
    if (a.tokenSets.get(dims) !== b.tokenSets.get(dims)) return false;
  }
  return true;
}

/** The description a shared counting document shows: each dimension from a member not about it. */
function assemble(members: readonly CountingGroup[]): Description {
  const values = {} as Record<Dimension, readonly string[]>;
  const nonUniform: Dimension[] = [];
  for (const d of DIMENSIONS) {
    const source = members.find((m) => m.exclude !== d) ?? members[0]!;
    values[d] = source.description.values[d];
    if (source.description.nonUniform.includes(d)) nonUniform.push(d);
  }
  const tokens = new Set<string>();
  for (const m of members) {
    for (const token of m.description.tokens) {
      if (!m.exclude || !token.slice(0, token.indexOf(':')).includes(m.exclude)) tokens.add(token);
    }
  }
  return { values: values as ValueSets, nonUniform, tokens: [...tokens].sort() };
}

/**
 * Splits the values of every count key between the main document and counting documents.
 * Values whose versions answer every filter on the other dimensions like the whole project
 * does stay on the main document (the common case: all of them, when only game versions
 * vary). The others are grouped by what their versions look like, and compatible groups of
 * different keys share a counting document.
 */
function planCounts(project: ProjectFacts, prepared: readonly PreparedVersion[], whole: Description) {
  const mainKeys: Record<CountKey, string[]> = { l: [], g: [], t: [], c: [], s: [] };
  const groups: CountingGroup[] = [];
  const all = prepared.length;
  for (const key of Object.keys(COUNT_KEY_FIELD) as CountKey[]) {
    const exclude = excludedFor(key);
    const byValue = versionsByKey(project.versions, prepared, key);
    if (whole.nonUniform.every((d) => d === exclude)) {
      // Every subset of versions looks the same on the other dimensions.
      mainKeys[key] = [...byValue.keys()].sort();
      continue;
    }
    const wholeSignature = signature(whole, exclude);
    const bySignature = new Map<string, { versions: Set<number>; values: string[] }>();
    const described = new Map<string, string>();
    for (const [value, indexes] of byValue) {
      if (indexes.length === all) {
        mainKeys[key].push(value);
        continue;
      }
      const setKey = indexes.join(',');
      let sig = described.get(setKey);
      if (sig === undefined) {
        sig = signature(describe(indexes.map((i) => prepared[i]!)), exclude);
        described.set(setKey, sig);
      }
      if (sig === wholeSignature) {
        mainKeys[key].push(value);
        continue;
      }
      const group = bySignature.get(sig);
      if (group) {
        group.values.push(value);
        for (const i of indexes) group.versions.add(i);
      } else bySignature.set(sig, { versions: new Set(indexes), values: [value] });
    }
    mainKeys[key].sort();
    for (const group of bySignature.values()) {
      // Versions with the same signature together still have it (same arrays, uniformity, tokens).
      const description = describe([...group.versions].sort((a, b) => a - b).map((i) => prepared[i]!));
      groups.push({ key, exclude, values: group.values.sort(), description, tokenSets: tokenSetsOf(description.tokens) });
    }
  }
  const documents: CountingGroup[][] = [];
  for (const group of groups) {
    const shared = documents.find((members) => members.every((m) => compatible(group, m)));
    if (shared) shared.push(group);
    else documents.push([group]);
  }
  return { mainKeys, documents };
}

type KeyFields = Partial<Pick<BaseDocument, 'kl' | 'kg' | 'kt' | 'kc' | 'ks'>>;

function keyFields(key: CountKey, values: string[]): KeyFields {
  return values.length ? { [COUNT_KEY_FIELD[key]]: values } : {};
}

function dimensionFields(values: ValueSets): Partial<Pick<BaseDocument, Dimension>> {
  const fields: Partial<Pick<BaseDocument, Dimension>> = {};
  for (const d of DIMENSIONS) if (values[d].length) fields[d] = [...values[d]];
  return fields;
}

function uniformDimensions(description: Description): Dimension[] {
  return DIMENSIONS.filter((d) => !description.nonUniform.includes(d));
}


const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** `"d|value"` for every project-wide value the description lacks. */
function missingValues(whole: Description, own: Description): string[] {
  const missing: string[] = [];
  for (const d of DIMENSIONS) {
    const present = new Set(own.values[d]);
    for (const value of whole.values[d]) if (!present.has(value)) missing.push(`${d}|${value}`);
  }
  return missing;
}

/** The main document of a project followed by its counting documents (often none). */
export function buildProjectDocuments(project: ProjectFacts): SearchDocument[] {
  const prepared = project.versions.map(prepare);
  const whole = describe(prepared);
  const { mainKeys, documents } = planCounts(project, prepared, whole);
  const base = {
    pid: indexedProjectId(project.id),
    title: project.title,
    slug: project.slug,
    author: project.author,
    summary: project.summary,
    tsummary: [...(project.translatedSummaries ?? [])],
    cat: [...new Set(project.categories)].sort(),
    license: project.license,
    oss: project.openSource,
    disc: [...project.disclosures],
    dep: [...new Set(project.dependencies.map(indexedDependency))].sort(),
    downloads: project.downloads,
    follows: project.follows,
    created: unixSeconds(project.created),
    modified: unixSeconds(project.modified),
  };
  const main: MainDocument = {
    id: project.id,
    main: true,
    ...base,
    ...dimensionFields(whole.values),
    u: uniformDimensions(whole),
    vt: whole.tokens,
    ...keyFields('l', mainKeys.l),
    ...keyFields('g', mainKeys.g),
    ...keyFields('t', mainKeys.t),
    ...keyFields('c', mainKeys.c),
    ...keyFields('s', mainKeys.s),
    kcat: base.cat,
    klic: base.license,
    koss: base.oss,
    trending: project.trending,
    title_sort: titleSortKey(project.title),
    hit: JSON.stringify(project.hit),
  };
  const counters = documents.map((members, index): CountingDocument => {
    const description = assemble(members);
    const keys: KeyFields = {};
    for (const member of members) Object.assign(keys, keyFields(member.key, member.values));
    const missing = missingValues(whole, description);
    return {
      id: `${project.id}-${index}`,
      ...base,
      ...dimensionFields(description.values),
      u: uniformDimensions(description),
      vt: description.tokens,
      ...keys,
      ...(missing.length ? { x: missing } : {}),
    };
  });
  return [main, ...counters];
}
