import { z } from 'zod';
import { Base62IdSchema } from './common.js';
import { UserSchema } from './users.js';
import { PROJECT_STATUSES } from '../constants/project-status.js';

// The body of a thread message, one object per kind (OpenAPI `ThreadMessageBody`). Only `text`
// is ever sent by users; the others are written by the server when statuses change, reports
// close and messages are deleted. A report's reopening is stored as its own kind, which the v2
// contract lacks: v2 answers show it as the public text `REOPENED_MESSAGE_TEXT` (see below).

export const THREAD_MESSAGE_MAX = 65_536;

const ProjectStatusSchema = z.enum(PROJECT_STATUSES);

export const TextMessageBodySchema = z.object({
  type: z.literal('text'),
  body: z.string().max(THREAD_MESSAGE_MAX),
  private: z.boolean(),
  replying_to: Base62IdSchema.nullable(),
  associated_images: z.array(Base62IdSchema),
});

// A plain union (each kind has its literal `type`, so it parses the same): the website already
// carries z.union, and discriminated unions would add to the search page's initial JS.
export const ThreadMessageBodySchema = z.union([
  TextMessageBodySchema,
  z.object({ type: z.literal('status_change'), new_status: ProjectStatusSchema, old_status: ProjectStatusSchema }),
  z.object({ type: z.literal('thread_closure') }),
  z.object({ type: z.literal('deleted'), private: z.boolean() }),
]);
export type ThreadMessageBody = z.infer<typeof ThreadMessageBodySchema>;

/**
 * What v2 answers carry in place of a stored `thread_reopen` message: a public text by nobody,
 * marked as a converted kind the way the reference marks message kinds v2 does not know.
 */
export const REOPENED_MESSAGE_TEXT = '(legacy) Thread reopened';

/** Whether a v2 message is a report reopening shown as text (see `REOPENED_MESSAGE_TEXT`). */
export const isReopenedMessage = (message: { author_id: string | null; body: ThreadMessageBody }): boolean =>
  message.author_id === null && message.body.type === 'text' && message.body.body === REOPENED_MESSAGE_TEXT;

/** Private messages are shown to moderators only. */
export function isPrivateMessage(body: ThreadMessageBody | { type: 'thread_reopen' }): boolean {
  return (body.type === 'text' || body.type === 'deleted') && body.private;
}

export const THREAD_TYPES = ['project', 'report', 'direct_message'] as const;

/** OpenAPI `ThreadMessage`: `author_id` is null for hidden moderators, the system and deleted accounts. */
export const ThreadMessageSchema = z.object({
  id: Base62IdSchema,
  author_id: Base62IdSchema.nullable(),
  body: ThreadMessageBodySchema,
  /** ISO-8601. */
  created: z.string(),
});
export type ThreadMessage = z.infer<typeof ThreadMessageSchema>;

/** OpenAPI `Thread`: messages oldest first; `members` are the users the viewer may see wrote in it. */
export const ThreadSchema = z.object({
  id: Base62IdSchema,
  type: z.enum(THREAD_TYPES),
  project_id: Base62IdSchema.nullable(),
  report_id: Base62IdSchema.nullable(),
  messages: z.array(ThreadMessageSchema),
  members: z.array(UserSchema),
});
export type Thread = z.infer<typeof ThreadSchema>;
export const ThreadListSchema = z.array(ThreadSchema);
