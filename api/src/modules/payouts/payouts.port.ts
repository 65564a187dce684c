/** How jobs and the demo seed distribute revenue and announce credits that became available. */
export { createRevenueDistribution, type RevenueDistribution, type DistributedDay } from './revenue-distribution.js';
export { countedDownloadsUsage, type UsageSource } from './usage-source.js';
export { announceAvailableCredits } from './credit-announcements.js';
