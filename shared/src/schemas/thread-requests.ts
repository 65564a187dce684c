import { z } from 'zod';
import { Base62IdSchema, jsonArrayQuery } from './common.js';
import { THREAD_MESSAGE_MAX } from './threads.js';

// What the thread routes take. Kept apart from the response shapes so the website, which only
// reads those, does not carry these schemas.

const NewTextMessageSchema = z.object({
  /** Only `text` can be sent; other kinds are refused with a 400 naming this field. */
  type: z.string().min(1).max(32),
  body: z.string().max(THREAD_MESSAGE_MAX).optional(),
  private: z.boolean().optional(),
  replying_to: Base62IdSchema.nullable().optional(),
});

/**
 * POST /thread/{id}: `{body: {type: "text", body, private?, replying_to?}}`. The bare message body
 * (`{type: "text", body}`, as the OpenAPI file words it) is accepted too; see `newMessageOf`.
 */
export const SendThreadMessageBodySchema = z.union([z.object({ body: NewTextMessageSchema }), NewTextMessageSchema]);
export type SendThreadMessageBody = z.infer<typeof SendThreadMessageBodySchema>;

export const ThreadIdsQuerySchema = z.object({ ids: jsonArrayQuery(Base62IdSchema).pipe(z.array(Base62IdSchema).max(1000)) });

/** The message of either form of the POST /thread/{id} body. */
export function newMessageOf(body: SendThreadMessageBody): z.infer<typeof NewTextMessageSchema> {
  return 'type' in body ? body : body.body;
}
