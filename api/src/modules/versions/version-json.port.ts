/**
 * Serialized wire versions for other modules (the dependency plan answers with them): the
 * version cache and the loader that fills it and signs links of non-public versions.
 */
export { createVersionCache, type VersionCache } from './version-cache.js';
export { loadVersionJson } from './version-details.js';
export type { FileLinks } from './versions.mapper.js';
