import { isModerator, type Actor } from '../../lib/actor.js';

/** A report is its reporter's and the moderators'; for anyone else it does not exist. */
export function canSeeReport(actor: Actor, report: { reporterId: number }): boolean {
  return report.reporterId === actor.userId || isModerator(actor);
}

/** Moderators list every open report, close and reopen reports, and delete them. */
export function moderatesReports(actor: Actor): boolean {
  return isModerator(actor);
}
