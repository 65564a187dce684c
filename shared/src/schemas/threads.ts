import { z } from 'zod';
import { Base62IdSchema } from './common.js';
import { PROJECT_STATUSES } from '../constants/project-status.js';

// The body of a thread message, one object per kind (OpenAPI `ThreadMessageBody`). Only `text`
// is ever sent by users; the others are written by the server when statuses change, reports
// close or reopen, and messages are deleted.

export const THREAD_MESSAGE_MAX = 65_536;

const ProjectStatusSchema = z.enum(PROJECT_STATUSES);

export const TextMessageBodySchema = z.object({
  type: z.literal('text'),
  body: z.string().max(THREAD_MESSAGE_MAX),
  private: z.boolean(),
  replying_to: Base62IdSchema.nullable(),
  associated_images: z.array(Base62IdSchema),
});

export const ThreadMessageBodySchema = z.discriminatedUnion('type', [
  TextMessageBodySchema,
  z.object({ type: z.literal('status_change'), new_status: ProjectStatusSchema, old_status: ProjectStatusSchema }),
  z.object({ type: z.literal('thread_closure') }),
  z.object({ type: z.literal('thread_reopen') }),
  z.object({ type: z.literal('deleted'), private: z.boolean() }),
]);
export type ThreadMessageBody = z.infer<typeof ThreadMessageBodySchema>;

/** Private messages are shown to moderators only. */
export function isPrivateMessage(body: ThreadMessageBody): boolean {
  return (body.type === 'text' || body.type === 'deleted') && body.private;
}
