import { z } from 'zod';
import { DEFAULT_HAND_OVER_CHOICE, HAND_OVER_CHOICES } from '../constants/effective-permissions.js';
import { Base62IdSchema, SlugSchema } from './common.js';
import { TeamMemberSchema } from './teams.js';

// Organizations: a team of creators that owns projects together. Served under /v2 in the shape
// the reference gives them in its v3 API.

/** The most organizations one user may own (admins are not limited). */
export const ORGANIZATION_LIMIT = 16;

export const OrganizationNameSchema = z.string().trim().min(3).max(64);
export const OrganizationDescriptionSchema = z.string().trim().min(3).max(256);

/** GET /organization/{id|slug} and every route answering with organizations. */
export const OrganizationSchema = z
  .object({
    id: Base62IdSchema,
    slug: z.string(),
    name: z.string(),
    team_id: Base62IdSchema,
    description: z.string(),
    icon_url: z.string().nullable(),
    color: z.number().int().nullable(),
    /** The members the caller may see (accepted ones, and every row for insiders). */
    members: z.array(TeamMemberSchema),
  })
  .strict();
export type Organization = z.infer<typeof OrganizationSchema>;

/** POST /organization (operation createOrganization). */
export const CreateOrganizationBodySchema = z.object({
  slug: SlugSchema,
  name: OrganizationNameSchema,
  description: OrganizationDescriptionSchema,
});
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBodySchema>;

/** PATCH /organization/{id} (operation modifyOrganization). */
export const ModifyOrganizationBodySchema = z.object({
  slug: SlugSchema.optional(),
  name: OrganizationNameSchema.optional(),
  description: OrganizationDescriptionSchema.optional(),
});
export type ModifyOrganizationBody = z.infer<typeof ModifyOrganizationBodySchema>;

/** What the project's owner keeps when the organization takes the project over (see effective-permissions.ts). */
export const HandOverChoiceSchema = z
  .enum(HAND_OVER_CHOICES)
  .describe(
    "What the project's owner keeps: `keep` (default) leaves him on the project's team with the permissions he holds now; `organization_defaults` (the reference's rule) takes him off the team, so the organization's default project permissions for him apply.",
  );

/** POST /organization/{id}/projects (operation addOrganizationProject). */
export const AddOrganizationProjectBodySchema = z.object({
  project_id: z.string().min(1).max(128),
  owner_permissions: HandOverChoiceSchema.default(DEFAULT_HAND_OVER_CHOICE),
});
export type AddOrganizationProjectBody = z.input<typeof AddOrganizationProjectBodySchema>;

/** DELETE /organization/{id}/projects/{project} (operation removeOrganizationProject). */
export const RemoveOrganizationProjectBodySchema = z.object({ new_owner: Base62IdSchema });
export type RemoveOrganizationProjectBody = z.infer<typeof RemoveOrganizationProjectBodySchema>;
