import type { ModifyReportBody, SubmitReportBody } from '@cairn/shared/schemas/report-requests';
import { ALREADY_REPORTED_ERROR, type Report } from '@cairn/shared/schemas/reports';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { ApiError, badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { findProjectAccess } from '../access/project.policy.js';
import { canSeeReport, moderatesReports } from '../access/report.policy.js';
import { findVisibleVersionAccess } from '../access/version.policy.js';
import { notifyUsers } from '../notifications/notifications.port.js';
import type { TagsService } from '../tags/tags.service.js';
import { addThreadMessage, createThread } from '../threads/threads.port.js';
import { toReport } from './reports.mapper.js';
import * as repo from './reports.repository.js';

export interface ReportsServiceDeps {
  db: Database;
  tags: Pick<TagsService, 'listReportTypes'>;
}

const alreadyReported = (itemType: string, reportId: number) =>
  new ApiError(
    400,
    ALREADY_REPORTED_ERROR,
    `You already have an open report of this ${itemType}: report ${encodeBase62(reportId)}. Add any new details to that report instead.`,
  );

export function createReportsService(deps: ReportsServiceDeps) {
  const { db, tags } = deps;

  /** The reported item's id, if it exists and the reporter may see it (hidden items are unknown, not reportable). */
  async function resolveItem(executor: Executor, actor: Actor, itemType: SubmitReportBody['item_type'], text: string): Promise<number | undefined> {
    if (itemType === 'project') {
      const access = await findProjectAccess(executor, actor, text);
      return access?.visible ? access.project.id : undefined;
    }
    if (itemType === 'version') return (await findVisibleVersionAccess(executor, actor, parseId(text)))?.versionId;
    return repo.findUserId(executor, text, parseId(text));
  }

  /** The report if the caller filed it or moderates; 404 otherwise, as if it did not exist. */
  async function requireReport(actor: Actor, idText: string): Promise<repo.ReportRow> {
    const id = parseId(idText);
    const row = id === undefined ? undefined : await repo.findReport(db, id);
    if (!row || !canSeeReport(actor, row)) throw notFound('The report does not exist or is not yours');
    return row;
  }

  return {
    async submitReport(actor: Actor, input: SubmitReportBody): Promise<Report> {
      const reportTypes = await tags.listReportTypes();
      if (!reportTypes.includes(input.report_type)) {
        throw badRequest(`Invalid body 'report_type': '${input.report_type}' is not a report type (one of ${reportTypes.join(', ')})`);
      }
      const itemId = await resolveItem(db, actor, input.item_type, input.item_id);
      if (itemId === undefined) throw badRequest(`Invalid body 'item_id': there is no ${input.item_type} '${input.item_id}'`);
      const existing = await repo.findOpenReportId(db, actor.userId, input.item_type, itemId);
      if (existing !== undefined) throw alreadyReported(input.item_type, existing);
      let reportId: number;
      try {
        reportId = await db.transaction(async (tx) => {
          const id = await repo.insertReport(tx, { reportType: input.report_type, itemType: input.item_type, itemId, reporterId: actor.userId, body: input.body });
          await createThread(tx, { type: 'report', reportId: id });
          await notifyUsers(tx, [actor.userId], { type: 'report_submitted', report_id: encodeBase62(id) });
          return id;
        });
      } catch (error) {
        // Two submissions racing: the partial unique index lets one through.
        if (!isUniqueViolation(error)) throw error;
        const winner = await repo.findOpenReportId(db, actor.userId, input.item_type, itemId);
        throw winner === undefined ? badRequest('You already have an open report of this item') : alreadyReported(input.item_type, winner);
      }
      return toReport((await repo.findReport(db, reportId))!);
    },

    async getOpenReports(actor: Actor, query: { count: number; all: boolean }): Promise<Report[]> {
      const everyone = query.all && moderatesReports(actor);
      return (await repo.listOpenReports(db, everyone ? undefined : actor.userId, query.count)).map(toReport);
    },

    async getReport(actor: Actor, id: string): Promise<Report> {
      return toReport(await requireReport(actor, id));
    },

    /** The caller's own reports (every one for moderators), in the order asked; others left out. */
    async getReports(actor: Actor, ids: readonly string[]): Promise<Report[]> {
      const numeric = [...new Set(ids.map(parseId).filter((id): id is number => id !== undefined))];
      const rows = await repo.listReports(db, numeric);
      const order = new Map(numeric.map((id, i) => [id, i]));
      return rows
        .filter((r) => canSeeReport(actor, r))
        .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
        .map(toReport);
    },

    async modifyReport(actor: Actor, id: string, changes: ModifyReportBody): Promise<void> {
      const report = await requireReport(actor, id);
      const moderator = moderatesReports(actor);
      if (changes.closed !== undefined && !moderator) {
        throw badRequest(changes.closed ? 'Only moderators can close a report' : 'You cannot reopen a report!');
      }
      const statusChanges = changes.closed !== undefined && changes.closed !== report.closed;
      try {
        await db.transaction(async (tx) => {
          await repo.updateReport(tx, report.id, { body: changes.body, closed: statusChanges ? changes.closed : undefined });
          if (!statusChanges) return;
          if (report.threadId !== null) {
            await addThreadMessage(tx, { threadId: report.threadId, authorId: actor.userId, body: { type: changes.closed ? 'thread_closure' : 'thread_reopen' }, hideIdentity: true });
          }
          await notifyUsers(tx, [report.reporterId], { type: 'report_status_updated', report_id: encodeBase62(report.id) });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw badRequest('The reporter has opened another report of this item since: this one cannot be reopened');
      }
    },

    async deleteReport(actor: Actor, id: string): Promise<void> {
      if (!moderatesReports(actor)) throw unauthorized('Only moderators can delete reports');
      const reportId = parseId(id);
      const report = reportId === undefined ? undefined : await repo.findReport(db, reportId);
      if (!report) throw notFound('The report does not exist');
      await db.transaction((tx) => repo.deleteReport(tx, report.id));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
