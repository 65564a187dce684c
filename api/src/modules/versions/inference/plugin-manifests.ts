import { asList, asRecord, asText, entriesOf, rootObject } from './fields.js';
import type { DeclaredDependency, ManifestReading } from './manifest.js';
import { atLeast, NO_REQUIREMENT } from './version-ranges.js';

/** Server plugins and proxy plugins: plugin.yml, paper-plugin.yml, bungee.yml, velocity-plugin.json. */

export const BUKKIT_MANIFEST = 'plugin.yml';
export const PAPER_MANIFEST = 'paper-plugin.yml';
export const BUNGEE_MANIFEST = 'bungee.yml';
export const VELOCITY_MANIFEST = 'velocity-plugin.json';

const names = (value: unknown) => asList(value).map(asText).filter((n): n is string => n !== null);

/** YAML is read with every scalar as text, so booleans arrive as "true"/"false". */
const isTrue = (value: unknown) => value === true || value === 'true';

function listedDependencies(required: unknown, optional: unknown): DeclaredDependency[] {
  return [...names(required).map((id) => ({ id, type: 'required' as const })), ...names(optional).map((id) => ({ id, type: 'optional' as const }))];
}

/** api-version is the oldest game version the plugin is written for. */
const sinceApiVersion = (root: Record<string, unknown>) => {
  const apiVersion = asText(root['api-version']);
  return (apiVersion && atLeast(apiVersion)) || NO_REQUIREMENT;
};

const withFolia = (loaders: string[], root: Record<string, unknown>) => (isTrue(root['folia-supported']) ? [...loaders, 'folia'] : loaders);

export function readBukkitManifest(document: unknown): ManifestReading {
  const root = rootObject(BUKKIT_MANIFEST, document);
  return {
    format: BUKKIT_MANIFEST,
    projectType: 'plugin',
    name: asText(root.name),
    versionNumber: asText(root.version),
    loaders: withFolia(['bukkit', 'spigot', 'paper', 'purpur'], root),
    gameVersions: sinceApiVersion(root),
    dependencies: listedDependencies(root.depend, root.softdepend),
  };
}

const requiredOrOptional = (options: unknown) => {
  const required = asRecord(options)?.required;
  return required === undefined || isTrue(required) ? ('required' as const) : ('optional' as const);
};

/** paper-plugin.yml lists dependencies per phase (`server`, `bootstrap`), or (early format) as a list of {name, required}. */
function paperDependencies(value: unknown): DeclaredDependency[] {
  if (Array.isArray(value)) {
    return value.flatMap((d) => {
      const id = asText(asRecord(d)?.name);
      return id ? [{ id, type: requiredOrOptional(d) }] : [];
    });
  }
  const phases = asRecord(value) ?? {};
  const found = new Map<string, DeclaredDependency>();
  for (const phase of ['server', 'bootstrap']) {
    for (const [id, options] of entriesOf(phases[phase])) if (!found.has(id)) found.set(id, { id, type: requiredOrOptional(options) });
  }
  return [...found.values()];
}

export function readPaperManifest(document: unknown): ManifestReading {
  const root = rootObject(PAPER_MANIFEST, document);
  return {
    format: PAPER_MANIFEST,
    projectType: 'plugin',
    name: asText(root.name),
    versionNumber: asText(root.version),
    loaders: withFolia(['paper', 'purpur'], root),
    gameVersions: sinceApiVersion(root),
    dependencies: paperDependencies(root.dependencies),
  };
}

export function readBungeeManifest(document: unknown): ManifestReading {
  const root = rootObject(BUNGEE_MANIFEST, document);
  return {
    format: BUNGEE_MANIFEST,
    projectType: 'plugin',
    name: asText(root.name),
    versionNumber: asText(root.version),
    loaders: ['bungeecord', 'waterfall'],
    gameVersions: NO_REQUIREMENT,
    dependencies: listedDependencies(root.depends, root.softDepends),
  };
}

export function readVelocityManifest(document: unknown): ManifestReading {
  const root = rootObject(VELOCITY_MANIFEST, document);
  const dependencies = asList(root.dependencies)
    .map(asRecord)
    .flatMap((d) => {
      const id = asText(d?.id);
      return id ? [{ id, type: d?.optional === true ? ('optional' as const) : ('required' as const) }] : [];
    });
  return {
    format: VELOCITY_MANIFEST,
    projectType: 'plugin',
    name: asText(root.name) ?? asText(root.id),
    versionNumber: asText(root.version),
    loaders: ['velocity'],
    gameVersions: NO_REQUIREMENT,
    dependencies,
  };
}
