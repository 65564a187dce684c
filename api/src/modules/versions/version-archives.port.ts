/**
 * Reading a stored version file again, for other modules (the review pre-checks): its entry
 * names and manifests, what the file itself says (the same readers as POST /v2/version/infer),
 * and the modpack index rules.
 */
export { readStoredArchive } from './stored-archive.js';
export { readManifests } from './inference/read-manifests.js';
export { resolveGameVersions } from './inference/version-ranges.js';
export { ManifestError, type ArchiveContents, type ManifestReading } from './inference/manifest.js';
export { MODPACK_INDEX_NAME } from './modpack.js';
