import { asList, asRecord, asText, rootObject } from './fields.js';
import type { DeclaredDependency, DeclaredDependencyType, ManifestReading } from './manifest.js';
import { NO_REQUIREMENT, parseMavenRange } from './version-ranges.js';

export const FORGE_MANIFEST = 'META-INF/mods.toml';
export const NEOFORGE_MANIFEST = 'META-INF/neoforge.mods.toml';
export const JAR_MANIFEST = 'META-INF/MANIFEST.MF';

/** The main attributes of a jar's MANIFEST.MF (continuation lines start with one space). */
export function readJarManifest(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line === '') break; // the main section ends at the first blank line
    if (line.startsWith(' ') && last) {
      attributes.set(last, attributes.get(last)! + line.slice(1));
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim();
    attributes.set(last, line.slice(colon + 1).trim());
  }
  return attributes;
}

/** `type` (NeoForge) or `mandatory` (Forge) of a [[dependencies.x]] entry. */
function dependencyType(entry: Record<string, unknown>): DeclaredDependencyType | undefined {
  const type = asText(entry.type)?.toLowerCase();
  if (type === 'required' || type === 'optional' || type === 'incompatible') return type;
  if (type !== undefined && type !== null) return undefined; // "discouraged": allowed, only warned about
  return entry.mandatory === false ? 'optional' : 'required';
}

/**
 * mods.toml / neoforge.mods.toml: the first [[mods]] entry names the version; the dependency
 * on "minecraft" gives the game versions (a Maven range). A version number left as a build
 * placeholder ("${file.jarVersion}") is taken from MANIFEST.MF's Implementation-Version.
 */
export function readForgeManifest(format: string, document: unknown, jarManifest: Map<string, string> | undefined): ManifestReading {
  const root = rootObject(format, document);
  const mods = asList(root.mods).map(asRecord).filter((m): m is Record<string, unknown> => m !== undefined);
  const first = mods[0];
  const modIds = new Set(mods.map((m) => asText(m.modId)).filter((id): id is string => id !== null));
  const dependencies: DeclaredDependency[] = [];
  const dependencyTable = asRecord(root.dependencies) ?? {};
  let gameVersions = NO_REQUIREMENT;
  let neoforge = format === NEOFORGE_MANIFEST;
  for (const modId of modIds) {
    const entries = Object.hasOwn(dependencyTable, modId) ? asList(dependencyTable[modId]) : [];
    for (const entry of entries.map(asRecord)) {
      const id = asText(entry?.modId);
      if (!entry || !id) continue;
      if (id === 'neoforge') neoforge = true;
      const type = dependencyType(entry);
      if (id === 'minecraft') {
        const range = asText(entry.versionRange);
        gameVersions = (range && parseMavenRange(range)) || NO_REQUIREMENT;
      } else if (type && !modIds.has(id)) {
        dependencies.push({ id, type });
      }
    }
  }
  let versionNumber = asText(first?.version);
  if (versionNumber?.includes('${')) versionNumber = jarManifest?.get('Implementation-Version') || null;
  return {
    format,
    projectType: 'mod',
    name: asText(first?.displayName) ?? asText(first?.modId),
    versionNumber,
    loaders: [neoforge ? 'neoforge' : 'forge'],
    gameVersions,
    dependencies,
  };
}
