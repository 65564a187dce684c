import { z } from 'zod';
import { Base62IdSchema } from './common.js';

// Reports of projects, versions and users (OpenAPI `Report`); request bodies in report-requests.ts.

export const REPORT_BODY_MAX = 65_536;
/** The most open reports one GET /report returns. */
export const REPORT_LIST_MAX = 1000;

export const REPORT_ITEM_TYPES = ['project', 'version', 'user'] as const;
export const ReportItemTypeSchema = z.enum(REPORT_ITEM_TYPES);
export type ReportItemType = z.infer<typeof ReportItemTypeSchema>;

export const ReportSchema = z.object({
  id: Base62IdSchema,
  report_type: z.string(),
  item_id: Base62IdSchema,
  item_type: ReportItemTypeSchema,
  body: z.string(),
  reporter: Base62IdSchema,
  /** ISO-8601. */
  created: z.string(),
  closed: z.boolean(),
  thread_id: Base62IdSchema,
});
export type Report = z.infer<typeof ReportSchema>;
export const ReportListSchema = z.array(ReportSchema);

/** The error code of POST /report when the caller already has an open report of the item. */
export const ALREADY_REPORTED_ERROR = 'already_reported';
