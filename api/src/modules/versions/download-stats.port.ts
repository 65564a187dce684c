/** Daily download counts per project, for the search index's trending sort and its daily window shift. */
export { TRENDING_DAYS, listTrendingDownloads, queueTrendingWindowShift } from './download-days.repository.js';
