import { MODPACK_INDEX_NAME, parseModpackIndex } from '../modpack.js';
import { asList, asRecord, rootObject } from './fields.js';
import { ManifestError, type ManifestReading } from './manifest.js';
import { DATA_PACK_FORMATS, RESOURCE_PACK_FORMATS, releaseSpans } from './pack-formats.js';
import { anyOf, between, NO_REQUIREMENT, type VersionRequirement } from './version-ranges.js';

/** Modpacks (.mrpack), resource and data packs (pack.mcmeta) and shader packs. */

export const PACK_MANIFEST = 'pack.mcmeta';

export function readModpackManifest(text: string): ManifestReading {
  let index;
  try {
    index = parseModpackIndex(text);
  } catch (error) {
    throw new ManifestError((error as Error).message);
  }
  return {
    format: MODPACK_INDEX_NAME,
    projectType: 'modpack',
    name: index.name?.trim() || null,
    versionNumber: index.versionId?.trim() || null,
    loaders: index.loaders,
    gameVersions: { exact: index.gameVersions, matches: () => false },
    dependencies: [],
  };
}

/** A format number: an integer, or [major, minor] (1.21.9 on) of which the major counts. */
function formatNumber(value: unknown): number | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'number' && Number.isInteger(first) ? first : undefined;
}

/**
 * The span of formats a pack declares: `min_format`/`max_format` (1.21.9 on), else
 * `supported_formats` (a number, [min, max] or {min_inclusive, max_inclusive}), else `pack_format`.
 */
function declaredFormats(pack: Record<string, unknown>): { min: number; max: number } | undefined {
  const min = formatNumber(pack.min_format);
  const max = formatNumber(pack.max_format);
  if (min !== undefined && max !== undefined) return { min, max };
  const supported = pack.supported_formats;
  const range = asRecord(supported);
  const bounds = range ? [range.min_inclusive, range.max_inclusive] : asList(supported);
  const [low, high] = [formatNumber(bounds[0]), formatNumber(bounds[bounds.length - 1])];
  if (low !== undefined && high !== undefined) return { min: low, max: high };
  const single = formatNumber(pack.pack_format);
  return single === undefined ? undefined : { min: single, max: single };
}

const topLevel = (names: readonly string[], folder: string) => names.some((n) => n.startsWith(`${folder}/`));

/** pack.mcmeta: a data pack when the archive has a data/ folder, otherwise a resource pack. */
export function readPackManifest(document: unknown, names: readonly string[]): ManifestReading {
  const pack = asRecord(rootObject(PACK_MANIFEST, document).pack);
  if (!pack) throw new ManifestError(`${PACK_MANIFEST} has no "pack" object`);
  const dataPack = topLevel(names, 'data');
  const formats = declaredFormats(pack);
  const spans = formats ? releaseSpans(dataPack ? DATA_PACK_FORMATS : RESOURCE_PACK_FORMATS, formats.min, formats.max) : [];
  const gameVersions: VersionRequirement = spans.length ? anyOf(spans.map(([first, last]) => between(first, last))) : NO_REQUIREMENT;
  return {
    format: PACK_MANIFEST,
    projectType: dataPack ? 'datapack' : 'resourcepack',
    name: null,
    versionNumber: null,
    loaders: [dataPack ? 'datapack' : 'minecraft'],
    gameVersions,
    dependencies: [],
  };
}

/**
 * Shader packs: a top-level shaders/ folder is the format Iris and OptiFine load; Canvas
 * pipelines ship as resource packs with assets/<namespace>/pipelines/. Undefined for neither.
 */
export function readShaderPack(names: readonly string[], packGameVersions: VersionRequirement): ManifestReading | undefined {
  const loaders: string[] = [];
  if (topLevel(names, 'shaders')) loaders.push('iris', 'optifine');
  if (names.some((n) => /^assets\/[^/]+\/pipelines\//.test(n))) loaders.push('canvas');
  if (loaders.length === 0) return undefined;
  return {
    format: 'shaders',
    projectType: 'shader',
    name: null,
    versionNumber: null,
    loaders,
    gameVersions: packGameVersions,
    dependencies: [],
  };
}
