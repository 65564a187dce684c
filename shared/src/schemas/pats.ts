import { z } from 'zod';
import { isValidScopeValue, RESTRICTED_SCOPES, scopeNames } from '../constants/scopes.js';
import { Base62IdSchema } from './common.js';

// Personal access tokens (/v2/pat). Operation ids: listPats, createPat, editPat, deletePat.

const DateTimeSchema = z.iso.datetime({ offset: true });

/** A scope bitfield as the API carries it: a non-negative integer using only the 48 defined bits. */
export const ScopeBitsSchema = z
  .number()
  .int()
  .min(0)
  .refine(isValidScopeValue, 'must be a scope bitfield using only the 48 defined bits');
export type ScopeBits = z.infer<typeof ScopeBitsSchema>;

/** Scopes a personal access token or an OAuth app may hold: none of the session-only ones. */
export const GrantableScopeBitsSchema = ScopeBitsSchema.superRefine((value, ctx) => {
  const restricted = scopeNames(value).filter((name) => RESTRICTED_SCOPES.includes(name));
  if (restricted.length > 0) {
    ctx.addIssue({ code: 'custom', message: `must not include session-only scopes: ${restricted.join(', ')}` });
  }
});

/** Display name of a token: 3–255 characters, surrounding spaces ignored. */
export const PatNameSchema = z.string().trim().min(3).max(255);

/** A personal access token. `access_token` is only present in the creation response, null elsewhere. */
export const PatSchema = z.object({
  id: Base62IdSchema,
  name: z.string(),
  access_token: z.string().nullable(),
  scopes: ScopeBitsSchema,
  user_id: Base62IdSchema,
  created: DateTimeSchema,
  expires: DateTimeSchema,
  last_used: DateTimeSchema.nullable(),
});
export type Pat = z.infer<typeof PatSchema>;

/** The creation response: the token itself is shown this once. */
export const CreatedPatSchema = PatSchema.extend({ access_token: z.string() });
export type CreatedPat = z.infer<typeof CreatedPatSchema>;

export const PatListSchema = z.array(PatSchema);

export const CreatePatBodySchema = z.object({
  name: PatNameSchema,
  scopes: GrantableScopeBitsSchema,
  /** When the token stops working; must be in the future. */
  expires: DateTimeSchema,
});
export type CreatePatBody = z.infer<typeof CreatePatBodySchema>;

export const EditPatBodySchema = z.object({
  name: PatNameSchema.optional(),
  scopes: GrantableScopeBitsSchema.optional(),
  expires: DateTimeSchema.optional(),
});
export type EditPatBody = z.infer<typeof EditPatBodySchema>;
