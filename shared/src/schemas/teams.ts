import { z } from 'zod';
import { Base62IdSchema, int32 } from './common.js';

// Team objects and request bodies of the v2 API (OpenAPI `TeamMember`, `User` as embedded in
// members, `ModifyTeamMemberBody`, `UserIdentifier`), field for field.

/** A user as embedded in a team member: the public view (private fields are null). */
export const TeamMemberUserSchema = z
  .object({
    id: Base62IdSchema,
    username: z.string(),
    /** Always null (display names are not used). */
    name: z.null(),
    avatar_url: z.string(),
    bio: z.string(),
    created: z.iso.datetime({ offset: true }),
    role: z.enum(['admin', 'moderator', 'developer']),
    badges: z.number().int(),
    email: z.null(),
    email_verified: z.null(),
    has_password: z.null(),
    has_totp: z.null(),
    auth_providers: z.null(),
    payout_data: z.null(),
    github_id: z.null(),
  })
  .strict();
export type TeamMemberUser = z.infer<typeof TeamMemberUserSchema>;

/**
 * One member of a team. `permissions` and `payouts_split` are present only for viewers who
 * are accepted members of the team (and on the viewer's own row).
 */
export const TeamMemberSchema = z
  .object({
    team_id: Base62IdSchema,
    user: TeamMemberUserSchema,
    /** "Owner" for the team's owner. */
    role: z.string(),
    permissions: z.number().int().optional(),
    /** Organization teams only, for the same viewers as `permissions`. */
    organization_permissions: z.number().int().optional(),
    accepted: z.boolean(),
    payouts_split: z.number().int().optional(),
    ordering: z.number().int(),
  })
  .strict();
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const PayoutsSplitSchema = z.number().int().min(0).max(5000);
/** Member roles are free text shown on the team. */
export const TeamRoleSchema = z.string().trim().min(1).max(64);

/** POST /team/{id}/members (operation addTeamMember). */
export const AddTeamMemberBodySchema = z.object({
  user_id: Base62IdSchema,
  role: TeamRoleSchema.default('Member'),
  permissions: int32().min(0).default(0),
  organization_permissions: int32().min(0).nullish(),
  payouts_split: PayoutsSplitSchema.default(0),
  ordering: int32().default(0),
});
export type AddTeamMemberBody = z.infer<typeof AddTeamMemberBodySchema>;

/** PATCH /team/{id}/members/{id|username} (operation modifyTeamMember). */
export const ModifyTeamMemberBodySchema = z.object({
  role: TeamRoleSchema.optional(),
  permissions: int32().min(0).optional(),
  organization_permissions: int32().min(0).nullish(),
  payouts_split: PayoutsSplitSchema.optional(),
  ordering: int32().optional(),
});
export type ModifyTeamMemberBody = z.infer<typeof ModifyTeamMemberBodySchema>;

/** PATCH /team/{id}/owner (operation transferTeamOwnership). */
export const UserIdentifierBodySchema = z.object({ user_id: Base62IdSchema });
