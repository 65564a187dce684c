/** For the versions module: record each counted download (inside its counting transaction). */
export { insertDownloadEvent as recordDownloadEvent, type DownloadEvent } from './analytics-events.repository.js';
