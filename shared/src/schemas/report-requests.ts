import { z } from 'zod';
import { Base62IdSchema, jsonArrayQuery } from './common.js';
import { REPORT_BODY_MAX, REPORT_LIST_MAX, ReportItemTypeSchema } from './reports.js';

// What the report routes take (OpenAPI `CreatableReport`, the PATCH body, the queries). Kept apart
// from the response shapes so the website, which only reads those, does not carry these schemas.

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

