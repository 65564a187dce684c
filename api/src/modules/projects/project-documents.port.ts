/** What the search indexer reads about projects to build their documents. */
export type { ProjectDetails } from './project-details.js';
export { toProject } from './projects.mapper.js';
export { listGalleryImages, listProjectCategories, listProjectRows } from './projects.repository.js';
export { listTranslatedSummaries } from './project-translations.repository.js';
