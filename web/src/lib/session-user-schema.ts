import { UserSchema } from '@cairn/shared/schemas/users';
import { z } from 'zod';

/**
 * `GET /v2/session/user`. Kept apart from auth.tsx, which every page runs before its first paint,
 * so the schema (and zod) load alongside the request instead of in the first download.
 */
export const SessionUserSchema = z.object({ user: UserSchema.nullable() });

/** For answers whose body the caller ignores (say, `DELETE /v2/session`). */
export const IgnoredBodySchema = z.unknown();
