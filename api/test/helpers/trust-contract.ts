import { z } from 'zod';
import { UserSchema } from '@cairn/shared/schemas/users';

// Strict mirrors of the OpenAPI `Report`, `Thread`, `ThreadMessage` and `ThreadMessageBody`
// schemas: every 200 body of the report and thread routes must parse with these (no missing
// field, no wrong nullability, no extra field on the objects the contract closes).

const Id = z.string().regex(/^[0-9A-Za-z]{1,11}$/);
const Iso = z.iso.datetime({ offset: true });
const Status = z.enum(['approved', 'archived', 'rejected', 'draft', 'unlisted', 'processing', 'withheld', 'scheduled', 'private', 'unknown']);

export const ContractReport = z.strictObject({
  id: Id,
  report_type: z.string(),
  item_id: Id,
  item_type: z.enum(['project', 'user', 'version']),
  body: z.string(),
  reporter: Id,
  created: Iso,
  closed: z.boolean(),
  thread_id: Id,
});
export const ContractReports = z.array(ContractReport);

/** The contract's message kinds, exactly (Cairn's stored `thread_reopen` must reach v2 as `text`). */
export const ContractMessageBody = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), body: z.string(), private: z.boolean(), replying_to: Id.nullable(), associated_images: z.array(Id) }),
  z.strictObject({ type: z.literal('status_change'), old_status: Status, new_status: Status }),
  z.strictObject({ type: z.literal('thread_closure') }),
  z.strictObject({ type: z.literal('deleted'), private: z.boolean() }),
]);

export const ContractMessage = z.strictObject({ id: Id, author_id: Id.nullable(), body: ContractMessageBody, created: Iso });

export const ContractThread = z.strictObject({
  id: Id,
  type: z.enum(['project', 'report', 'direct_message']),
  project_id: Id.nullable(),
  report_id: Id.nullable(),
  messages: z.array(ContractMessage),
  members: z.array(UserSchema.strict()),
});
export const ContractThreads = z.array(ContractThread);
