import { z } from 'zod';
import { Base62IdSchema, jsonArrayQuery } from './common.js';

// Reports of projects, versions and users (OpenAPI `CreatableReport` and `Report`).

export const REPORT_BODY_MAX = 65_536;
/** The most open reports one GET /report returns. */
export const REPORT_LIST_MAX = 1000;

export const REPORT_ITEM_TYPES = ['project', 'version', 'user'] as const;
export const ReportItemTypeSchema = z.enum(REPORT_ITEM_TYPES);
export type ReportItemType = z.infer<typeof ReportItemTypeSchema>;

const ReportTextSchema = z
  .string()
  .max(REPORT_BODY_MAX)
  .refine((text) => text.trim().length > 0, 'must explain what is wrong');

/** POST /report. `item_id` is an id (projects also by slug, users by username). */
export const SubmitReportBodySchema = z.object({
  report_type: z.string().min(1).max(64),
  item_id: z.string().min(1).max(64),
  item_type: ReportItemTypeSchema,
  body: ReportTextSchema,
});
export type SubmitReportBody = z.infer<typeof SubmitReportBodySchema>;

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

/** PATCH /report/{id}: the reporter edits the text; moderators also close and reopen. */
export const ModifyReportBodySchema = z.object({
  body: ReportTextSchema.optional(),
  closed: z.boolean().optional(),
});
export type ModifyReportBody = z.infer<typeof ModifyReportBodySchema>;

/** GET /report: the caller's open reports, or every open one for moderators asking `all=true`. */
export const GetOpenReportsQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(REPORT_LIST_MAX).default(100),
  all: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});

export const ReportIdsQuerySchema = z.object({ ids: jsonArrayQuery(Base62IdSchema).pipe(z.array(Base62IdSchema).max(1000)) });

/** The error code of POST /report when the caller already has an open report of the item. */
export const ALREADY_REPORTED_ERROR = 'already_reported';
