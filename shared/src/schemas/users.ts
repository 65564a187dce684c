import { z } from 'zod';
import { USER_ROLES } from '../constants/permissions.js';
import { Base62IdSchema, jsonArrayQuery, UsernameSchema } from './common.js';

// Users as the public v2 API shows them, and the request shapes of the /user* routes.
// Operation ids: getUserFromAuth, getUser, getUsers, modifyUser, changeUserIcon, deleteUserIcon, deleteUser.

export const UserRoleSchema = z.enum(USER_ROLES);
export type UserRoleName = z.infer<typeof UserRoleSchema>;

export const BIO_MAX_LENGTH = 160;
export const AVATAR_MAX_BYTES = 256 * 1024;
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

/** Payout status (only on your own account). */
export const UserPayoutDataSchema = z.object({
  balance: z.number(),
  payout_wallet: z.string().nullable(),
  payout_wallet_type: z.string().nullable(),
  payout_address: z.string().nullable(),
});
export type UserPayoutData = z.infer<typeof UserPayoutDataSchema>;

/**
 * A user. Private fields (email, payout_data, auth_providers, email_verified, has_password,
 * has_totp) are null except on your own account (and for admins); `email` also needs the
 * USER_READ_EMAIL scope. `name` and `github_id` are always null (kept for v2 clients).
 */
export const UserSchema = z.object({
  id: Base62IdSchema,
  username: z.string(),
  name: z.null(),
  email: z.string().nullable(),
  /** Empty when the user wrote none (the public contract declares a string). */
  bio: z.string(),
  payout_data: UserPayoutDataSchema.nullable(),
  /** Empty when the user has no avatar (the public contract declares a string). */
  avatar_url: z.string(),
  /** ISO-8601. */
  created: z.string(),
  role: UserRoleSchema,
  /** Badge bits (see USER_BADGES). */
  badges: z.number().int(),
  auth_providers: z.array(z.string()).nullable(),
  email_verified: z.boolean().nullable(),
  has_password: z.boolean().nullable(),
  has_totp: z.boolean().nullable(),
  github_id: z.null(),
});
export type User = z.infer<typeof UserSchema>;

/** `{id|username}` path parameter. */
export const UserIdentifierSchema = z.string().min(1).max(39);

export const GetUsersQuerySchema = z.object({
  ids: jsonArrayQuery(UserIdentifierSchema).pipe(z.array(z.string()).max(500)),
});
export type GetUsersQuery = z.infer<typeof GetUsersQuerySchema>;

/**
 * PATCH /user/{id}. `role` and `badges` are for admins. `name` is accepted and ignored
 * (v2 clients send it); `bio: null` clears the bio.
 */
export const ModifyUserBodySchema = z.object({
  username: UsernameSchema.optional(),
  name: z.string().max(256).nullable().optional(),
  bio: z.string().max(BIO_MAX_LENGTH).nullable().optional(),
  role: UserRoleSchema.optional(),
  badges: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type ModifyUserBody = z.infer<typeof ModifyUserBodySchema>;

export const ChangeUserIconQuerySchema = z.object({
  ext: z.enum(AVATAR_EXTENSIONS),
});
export type ChangeUserIconQuery = z.infer<typeof ChangeUserIconQuerySchema>;
