import { MODPACK_INDEX_NAME } from '../modpack.js';
import { readFabricManifest, FABRIC_MANIFEST } from './fabric-manifest.js';
import { FORGE_MANIFEST, JAR_MANIFEST, NEOFORGE_MANIFEST, readForgeManifest, readJarManifest } from './forge-manifest.js';
import { decodeText, parseJson, parseToml, parseYaml } from './manifest-text.js';
import { ManifestError, type ArchiveContents, type DeclaredDependency, type ManifestReading } from './manifest.js';
import { PACK_MANIFEST, readModpackManifest, readPackManifest, readShaderPack } from './pack-manifests.js';
import {
  BUKKIT_MANIFEST,
  BUNGEE_MANIFEST,
  PAPER_MANIFEST,
  readBukkitManifest,
  readBungeeManifest,
  readPaperManifest,
  readVelocityManifest,
  VELOCITY_MANIFEST,
} from './plugin-manifests.js';
import { readQuiltManifest, QUILT_MANIFEST } from './quilt-manifest.js';
import { anyOf, NO_REQUIREMENT } from './version-ranges.js';

type Reader = (bytes: Buffer, contents: ArchiveContents) => ManifestReading;

/** Manifests of mods and plugins, in the order their name and version number are preferred. */
const CODE_MANIFESTS: ReadonlyArray<readonly [string, Reader]> = [
  [FABRIC_MANIFEST, (bytes) => readFabricManifest(parseJson(FABRIC_MANIFEST, bytes))],
  [QUILT_MANIFEST, (bytes) => readQuiltManifest(parseJson(QUILT_MANIFEST, bytes))],
  [NEOFORGE_MANIFEST, (bytes, contents) => readForgeManifest(NEOFORGE_MANIFEST, parseToml(NEOFORGE_MANIFEST, bytes), jarManifestOf(contents))],
  [FORGE_MANIFEST, (bytes, contents) => readForgeManifest(FORGE_MANIFEST, parseToml(FORGE_MANIFEST, bytes), jarManifestOf(contents))],
  [PAPER_MANIFEST, (bytes) => readPaperManifest(parseYaml(PAPER_MANIFEST, bytes))],
  [BUKKIT_MANIFEST, (bytes) => readBukkitManifest(parseYaml(BUKKIT_MANIFEST, bytes))],
  [BUNGEE_MANIFEST, (bytes) => readBungeeManifest(parseYaml(BUNGEE_MANIFEST, bytes))],
  [VELOCITY_MANIFEST, (bytes) => readVelocityManifest(parseJson(VELOCITY_MANIFEST, bytes))],
];

function jarManifestOf(contents: ArchiveContents): Map<string, string> | undefined {
  const bytes = contents.bytes(JAR_MANIFEST);
  return bytes ? readJarManifest(decodeText(JAR_MANIFEST, bytes)) : undefined;
}

/** The archive entries worth inflating; everything else is only listed. */
export const MANIFEST_ENTRIES: ReadonlySet<string> = new Set([
  MODPACK_INDEX_NAME,
  ...CODE_MANIFESTS.map(([name]) => name),
  JAR_MANIFEST,
  PACK_MANIFEST,
]);

/** A jar carrying several manifests (one build for Fabric and Quilt, a plugin for Paper and Bukkit) runs on all their loaders. */
function merge(readings: readonly ManifestReading[]): ManifestReading {
  const [primary] = readings as [ManifestReading, ...ManifestReading[]];
  const dependencies = new Map<string, DeclaredDependency>();
  for (const d of readings.flatMap((r) => r.dependencies)) if (!dependencies.has(d.id)) dependencies.set(d.id, d);
  return {
    ...primary,
    name: readings.find((r) => r.name)?.name ?? null,
    versionNumber: readings.find((r) => r.versionNumber)?.versionNumber ?? null,
    loaders: [...new Set(readings.flatMap((r) => r.loaders))],
    gameVersions: readings.length > 1 ? anyOf(readings.map((r) => r.gameVersions)) : primary.gameVersions,
    dependencies: [...dependencies.values()],
  };
}

/**
 * What the archive's manifests say: a modpack index first, then mod and plugin manifests
 * (merged), then shader packs, then pack.mcmeta. Throws ManifestError when none is there or
 * the one that decides is malformed.
 */
export function readManifests(contents: ArchiveContents): ManifestReading {
  const index = contents.bytes(MODPACK_INDEX_NAME);
  if (index) return readModpackManifest(decodeText(MODPACK_INDEX_NAME, index));
  const code = CODE_MANIFESTS.flatMap(([name, read]) => {
    const bytes = contents.bytes(name);
    return bytes ? [read(bytes, contents)] : [];
  });
  if (code.length) return merge(code);
  const packBytes = contents.bytes(PACK_MANIFEST);
  const pack = packBytes ? readPackManifest(parseJson(PACK_MANIFEST, packBytes), contents.names) : undefined;
  const shader = readShaderPack(contents.names, pack?.gameVersions ?? NO_REQUIREMENT);
  if (shader) return shader;
  if (pack) return pack;
  throw new ManifestError(`The archive has none of the manifests Cairn reads (${[...MANIFEST_ENTRIES].filter((n) => n !== JAR_MANIFEST).join(', ')}, or a shaders/ folder)`);
}
