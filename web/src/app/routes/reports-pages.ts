/**
 * The report, thread and Moderation-tab pages, behind one dynamic import: each lazy import costs
 * the shell a list of the chunks to preload, and these pages share almost all of theirs.
 */
export * as reportForm from './report';
export * as dashboardReports from './dashboard/reports';
export * as dashboardReport from './dashboard/report';
export * as moderationReports from './moderation/reports';
export * as moderationReport from './moderation/report';
export * as projectModeration from './project/moderation';
