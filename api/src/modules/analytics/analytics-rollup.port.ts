/** For the job worker: fold raw analytics events into the hourly and daily roll-ups. */
export { rollUpAnalytics, RAW_RETENTION_HOURS, HOURLY_RETENTION_DAYS, type RollupResult } from './analytics-rollup.repository.js';
