import type { Report } from '@cairn/shared/schemas/reports';
import { encodeBase62 } from '../../lib/ids.js';
import type { ReportRow } from './reports.repository.js';

export function toReport(row: ReportRow): Report {
  return {
    id: encodeBase62(row.id),
    report_type: row.reportType,
    item_id: encodeBase62(row.itemId),
    item_type: row.itemType as Report['item_type'],
    body: row.body,
    reporter: encodeBase62(row.reporterId),
    created: row.created.toISOString(),
    closed: row.closed,
    // Every report gets its thread in the transaction creating it.
    thread_id: encodeBase62(row.threadId ?? 0),
  };
}
