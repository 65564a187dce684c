import { z } from 'zod';
import { SERVER_ACTIVITY_KINDS, SERVER_MEMBER_ROLES, SERVER_PERMISSIONS } from '../constants/server-permissions.js';
import { Base62IdSchema } from './common.js';

/** Wire shapes of a server's members and its activity log (docs/api/server-members.md). */

export const ServerPermissionSchema = z.enum(SERVER_PERMISSIONS);
export const ServerMemberRoleSchema = z.enum(SERVER_MEMBER_ROLES);
/** The caller's own standing on a server: `admin` is staff looking at someone else's. */
export const ServerViewerRoleSchema = z.enum(['owner', 'admin', ...SERVER_MEMBER_ROLES]);
export type ServerViewerRole = z.infer<typeof ServerViewerRoleSchema>;

const MemberUserSchema = z.object({ id: Base62IdSchema, username: z.string(), avatar_url: z.string().nullable() });

export const ServerMemberSchema = z.object({
  user: MemberUserSchema,
  role: ServerMemberRoleSchema,
  permissions: z.array(ServerPermissionSchema),
  /** False while the invitation waits for an answer. */
  accepted: z.boolean(),
  created: z.string(),
});
export type ServerMember = z.infer<typeof ServerMemberSchema>;

export const ServerMemberListSchema = z.object({
  owner: MemberUserSchema,
  members: z.array(ServerMemberSchema),
  /** The caller's role and permissions on this server. */
  my_role: ServerViewerRoleSchema,
  my_permissions: z.array(ServerPermissionSchema),
});
export type ServerMemberList = z.infer<typeof ServerMemberListSchema>;

/** `permissions` is required for `custom` and refused for the presets. */
const RoleBody = {
  role: ServerMemberRoleSchema,
  permissions: z.array(ServerPermissionSchema).max(SERVER_PERMISSIONS.length * 2).optional(),
};
const checkPermissions = (body: { role: string; permissions?: unknown[] | undefined }, ctx: z.RefinementCtx) => {
  if (body.role === 'custom' && (!body.permissions || body.permissions.length === 0)) {
    ctx.addIssue({ code: 'custom', path: ['permissions'], message: 'a custom role needs at least one permission' });
  }
  if (body.role !== 'custom' && body.permissions !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['permissions'], message: 'only a custom role takes a list of permissions' });
  }
};

export const InviteServerMemberBodySchema = z
  .object({ username: z.string().min(1).max(64), ...RoleBody })
  .strict()
  .superRefine(checkPermissions);
export const EditServerMemberBodySchema = z.object(RoleBody).strict().superRefine(checkPermissions);

export const ServerActivityKindSchema = z.enum(SERVER_ACTIVITY_KINDS);
export const ServerActivityEntrySchema = z.object({
  id: z.string(),
  /** Null when the account is gone or the node acted by itself. */
  actor: z.object({ id: Base62IdSchema, username: z.string() }).nullable(),
  kind: ServerActivityKindSchema,
  action: z.string(),
  detail: z.string(),
  created: z.string(),
});
export type ServerActivityEntry = z.infer<typeof ServerActivityEntrySchema>;

export const ServerActivityPageSchema = z.object({
  entries: z.array(ServerActivityEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ServerActivityPage = z.infer<typeof ServerActivityPageSchema>;

export const ServerActivityQuerySchema = z.object({
  actor: Base62IdSchema.optional().describe('Only entries of this user'),
  kind: ServerActivityKindSchema.optional().describe('Only entries of this kind'),
  cursor: z
    .string()
    .max(64)
    .regex(/^[0-9]+\.[0-9]+$/, 'must be a cursor from a previous page')
    .optional()
    .describe('next_cursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
