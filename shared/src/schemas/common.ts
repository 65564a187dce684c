import { z } from 'zod';

/** Body of every non-2xx response: a snake_case code and a readable description. */
export const ErrorBodySchema = z.object({
  error: z.string(),
  description: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * Entity id: an unsigned 64-bit integer written in base 62 (0-9, A-Z, a-z). Generated ids are
 * 8 characters, but any length up to 11 (the most a u64 needs) is accepted.
 */
export const Base62IdSchema = z
  .string()
  .regex(/^[0-9A-Za-z]{1,11}$/, 'must be 1 to 11 characters from 0-9, A-Z and a-z');
export type Base62Id = z.infer<typeof Base62IdSchema>;

const URL_SAFE = /^[a-zA-Z0-9._-]+$/;
const URL_SAFE_MESSAGE = 'may only contain letters, digits, ".", "_" and "-"';

/** Project and organization slug. */
export const SlugSchema = z.string().min(3).max(64).regex(URL_SAFE, URL_SAFE_MESSAGE);
export type Slug = z.infer<typeof SlugSchema>;

export const UsernameSchema = z.string().min(1).max(39).regex(URL_SAFE, URL_SAFE_MESSAGE);
export type Username = z.infer<typeof UsernameSchema>;

/** `offset` query parameter: coerced from the query string, defaults to 0. */
export const OffsetSchema = z.coerce.number().int().min(0).default(0);
export type Offset = z.infer<typeof OffsetSchema>;

/** `limit` query parameter: coerced from the query string, 1–100, defaults to 10. */
export const LimitSchema = z.coerce.number().int().min(1).max(100).default(10);
export type Limit = z.infer<typeof LimitSchema>;

export const PaginationQuerySchema = z.object({
  offset: OffsetSchema,
  limit: LimitSchema,
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

/**
 * Query-string value holding a JSON array, as bulk routes take them (`?ids=["AABBCCDD","slug"]`).
 * Parses the text, insists on an array and validates every item with `item`; failures name
 * the problem (not JSON, not an array, or which item is wrong and why).
 */
export function jsonArrayQuery<T extends z.ZodType>(item: T) {
  return z
    .string()
    .transform((raw, ctx): unknown[] => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array such as ["a","b"], but is not valid JSON' });
        return z.NEVER;
      }
      if (!Array.isArray(parsed)) {
        ctx.addIssue({ code: 'custom', message: `must be a JSON array such as ["a","b"], but is ${describe(parsed)}` });
        return z.NEVER;
      }
      return parsed;
    })
    .pipe(z.array(item));
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** The range of PostgreSQL's `integer` columns (orderings, permission bits): larger numbers are a 400, not a database error. */
export const INT32_MAX = 2_147_483_647;
export const int32 = () => z.number().int().min(-INT32_MAX - 1).max(INT32_MAX);
