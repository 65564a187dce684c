import { z } from 'zod';
import { Base62IdSchema } from './common.js';

/**
 * Wire shapes of server notices (spec §3): messages staff show on the panels of all servers, of
 * the servers on some nodes, or of chosen servers, for a period. Customers may dismiss the
 * dismissable ones for their server; a survey notice's message is the survey's https address.
 */

export const ServerNoticeLevelSchema = z.enum(['info', 'warning', 'critical', 'survey']);
export type ServerNoticeLevel = z.infer<typeof ServerNoticeLevelSchema>;

export const SERVER_NOTICE_TITLE_MAX = 64;
export const SERVER_NOTICE_MESSAGE_MAX = 2000;

const DateTimeSchema = z.iso.datetime({ offset: true });

/** What a customer's panel shows. */
export const ActiveServerNoticeSchema = z.object({
  id: Base62IdSchema,
  level: ServerNoticeLevelSchema,
  title: z.string().nullable(),
  /** Plain text with line breaks; for surveys the survey's address. */
  message: z.string(),
  dismissable: z.boolean(),
  begins: z.string().nullable(),
  expires: z.string().nullable(),
});
export type ActiveServerNotice = z.infer<typeof ActiveServerNoticeSchema>;
export const ActiveServerNoticeListSchema = z.object({ notices: z.array(ActiveServerNoticeSchema) });

const NamedRefSchema = z.object({ id: Base62IdSchema, name: z.string() });

/** GET /servers/notices (admins): a notice with where it shows and how many servers dismissed it. */
export const ServerNoticeSchema = ActiveServerNoticeSchema.extend({
  created: z.string(),
  assigned: z.object({ all: z.boolean(), nodes: z.array(NamedRefSchema), servers: z.array(NamedRefSchema) }),
  dismissed_count: z.number().int(),
});
export type ServerNotice = z.infer<typeof ServerNoticeSchema>;
export const ServerNoticeListSchema = z.object({ notices: z.array(ServerNoticeSchema) });

export const ServerNoticeAssignBodySchema = z
  .object({
    all: z.boolean().default(false),
    node_ids: z.array(Base62IdSchema).max(100).default([]),
    server_ids: z.array(Base62IdSchema).max(1000).default([]),
  })
  .strict();

const noticeFields = {
  level: ServerNoticeLevelSchema,
  title: z.string().trim().min(1).max(SERVER_NOTICE_TITLE_MAX).nullable(),
  message: z.string().trim().min(1).max(SERVER_NOTICE_MESSAGE_MAX),
  /** Ignored for surveys, which are always dismissable. */
  dismissable: z.boolean(),
  begins: DateTimeSchema.nullable(),
  /** After this the notice is no longer shown. */
  expires: DateTimeSchema.nullable(),
  assign: ServerNoticeAssignBodySchema,
};

/** POST /servers/notices (admins). */
export const CreateServerNoticeBodySchema = z
  .object({
    ...noticeFields,
    title: noticeFields.title.optional(),
    dismissable: noticeFields.dismissable.default(true),
    begins: noticeFields.begins.optional(),
    expires: noticeFields.expires.optional(),
    assign: noticeFields.assign.default({ all: false, node_ids: [], server_ids: [] }),
  })
  .strict();
export type CreateServerNoticeBody = z.infer<typeof CreateServerNoticeBodySchema>;

/** PATCH /servers/notices/{id} (admins): the fields given replace the notice's; `assign` replaces every assignment. */
export const EditServerNoticeBodySchema = z.object(noticeFields).partial().strict();
export type EditServerNoticeBody = z.infer<typeof EditServerNoticeBodySchema>;
