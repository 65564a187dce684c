/** The files and declared dependencies of versions, loaded in bulk, for other modules (version comparisons). */
export { listDependenciesOfVersions, listFilesOfVersions } from './version-details.repository.js';
