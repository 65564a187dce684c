import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS, ORGANIZATION_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { ORGANIZATION_LIMIT, type CreateOrganizationBody, type ModifyOrganizationBody, type Organization } from '@cairn/shared/schemas/organizations';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { parseId, randomId } from '../../lib/ids.js';
import { processIcon } from '../../lib/images.js';
import { MAX_ICON_BYTES } from '../../lib/multipart-upload.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { deleteUnreferencedBlobs } from '../../lib/storage/blob-references.js';
import { hasNoOwnershipLimits } from '../access/staff.policy.js';
import { seesAllListingsOf } from '../access/user.policy.js';
import type { OrganizationContext } from './organization-context.js';
import * as repo from './organizations.repository.js';

const { EDIT_DETAILS, DELETE_ORGANIZATION } = ORGANIZATION_PERMISSIONS;

/** Creating, reading, editing and deleting organizations and their icons. */
export function createOrganizationDetails(context: OrganizationContext) {
  const { db, files, requireVisible, requirePermission, present, visibleOrganizations } = context;
  const discardBlobs = (keys: Array<string | null>) => deleteUnreferencedBlobs(db, files, keys);

  async function checkSlugFree(executor: Executor, slug: string, except?: number) {
    if (await repo.isSlugTaken(executor, slug, parseId(slug), except)) throw badRequest(`Invalid body 'slug': '${slug}' is already taken`);
  }

  return {
    async createOrganization(actor: Actor, body: CreateOrganizationBody): Promise<Organization> {
      if (!(await repo.findUserEmailVerified(db, actor.userId))) {
        throw badRequest('Verify your email address before creating organizations', 'email_unverified');
      }
      if (!hasNoOwnershipLimits(actor) && (await repo.countOrganizationsOwnedBy(db, actor.userId)) >= ORGANIZATION_LIMIT) {
        throw badRequest(`You have reached the limit of ${ORGANIZATION_LIMIT} organizations`, 'limit_reached');
      }
      const id = Number(randomId());
      const teamId = Number(randomId());
      await db.transaction(async (tx) => {
        await checkSlugFree(tx, body.slug);
        await repo.insertOrganization(tx, { id, slug: body.slug, name: body.name, description: body.description, teamId });
        await repo.insertTeamMember(tx, {
          teamId,
          userId: actor.userId,
          role: 'Member',
          isOwner: true,
          permissions: ALL_PROJECT_PERMISSIONS,
          organizationPermissions: ALL_ORGANIZATION_PERMISSIONS,
          accepted: true,
        });
      });
      return (await present(actor, [await requireVisible(db, actor, String(body.slug))]))[0]!;
    },

    async getOrganization(actor: Actor | null, text: string): Promise<Organization> {
      return (await present(actor, [await requireVisible(db, actor, text)]))[0]!;
    },

    /** Visible organizations among ids or slugs; unknown and hidden ones are left out. */
    async getOrganizations(actor: Actor | null, texts: readonly string[]): Promise<Organization[]> {
      const rows: repo.OrganizationRow[] = [];
      for (const text of new Set(texts)) {
        const row = await repo.findOrganization(db, text, parseId(text));
        if (row && !rows.some((r) => r.id === row.id)) rows.push(row);
      }
      return present(actor, await visibleOrganizations(db, actor, rows));
    },

    async getOrganizationMembers(actor: Actor | null, text: string): Promise<TeamMember[]> {
      return (await present(actor, [await requireVisible(db, actor, text)]))[0]!.members;
    },

    /** Organizations the user is an accepted member of (their own pending invitations too, for themselves and moderators). */
    async getUserOrganizations(actor: Actor | null, userText: string): Promise<Organization[]> {
      const userId = await repo.findUserId(db, userText, parseId(userText));
      if (userId === undefined) throw notFound('No such user');
      const full = seesAllListingsOf(actor, userId);
      const rows = await repo.listOrganizations(db, await repo.listOrganizationIdsOfMember(db, userId, full));
      rows.sort((a, b) => a.name.localeCompare(b.name));
      return present(actor, await visibleOrganizations(db, actor, rows));
    },

    async modifyOrganization(actor: Actor, text: string, body: ModifyOrganizationBody): Promise<void> {
      const found = await requireVisible(db, actor, text);
      requirePermission(found, EDIT_DETAILS, "edit this organization's details");
      await db.transaction(async (tx) => {
        if (body.slug !== undefined && body.slug.toLowerCase() !== found.row.slug.toLowerCase()) await checkSlugFree(tx, body.slug, found.row.id);
        await repo.updateOrganization(tx, found.row.id, {
          ...(body.slug !== undefined ? { slug: body.slug } : {}),
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
        });
        // Search shows the organization's name as the author of its projects.
        if (body.name !== undefined && body.name !== found.row.name) {
          await recordSearchChange(tx, (await repo.listProjectsOfOrganization(tx, found.row.id)).map((p) => p.id));
        }
      });
    },

    /** Deletes the organization; each of its projects goes to the organization's owner. */
    async deleteOrganization(actor: Actor, text: string): Promise<void> {
      const found = await requireVisible(db, actor, text);
      requirePermission(found, DELETE_ORGANIZATION, 'delete this organization');
      await db.transaction(async (tx) => {
        const owner = (await repo.listTeamMembers(tx, found.row.teamId)).find((m) => m.isOwner);
        const projects = await repo.listProjectsOfOrganization(tx, found.row.id);
        for (const project of projects) {
          if (owner) await repo.upsertTeamOwner(tx, project.teamId, owner.userId, ALL_PROJECT_PERMISSIONS, 'Inherited Owner');
        }
        await repo.deleteOrganization(tx, found.row);
        await recordSearchChange(tx, projects.map((p) => p.id));
      });
      await discardBlobs([found.row.iconKey, found.row.rawIconKey]);
    },

    async changeOrganizationIcon(actor: Actor, text: string, data: Buffer): Promise<void> {
      const found = await requireVisible(db, actor, text);
      requirePermission(found, EDIT_DETAILS, "change this organization's icon");
      if (data.length > MAX_ICON_BYTES) throw badRequest(`The icon is larger than the limit of ${MAX_ICON_BYTES} bytes`, 'invalid_image');
      const processed = await processIcon(data, 'icon');
      const raw = await files.put(processed.original.data, { maxBytes: MAX_ICON_BYTES, extension: processed.original.extension });
      const resized = await files.put(processed.resized.data, { maxBytes: MAX_ICON_BYTES, extension: processed.resized.extension });
      try {
        await repo.updateOrganization(db, found.row.id, { iconKey: resized.key, rawIconKey: raw.key, color: processed.color });
      } catch (error) {
        await discardBlobs([raw.key, resized.key]);
        throw error;
      }
      await discardBlobs([found.row.iconKey, found.row.rawIconKey]);
    },

    async deleteOrganizationIcon(actor: Actor, text: string): Promise<void> {
      const found = await requireVisible(db, actor, text);
      requirePermission(found, EDIT_DETAILS, "remove this organization's icon");
      await repo.updateOrganization(db, found.row.id, { iconKey: null, rawIconKey: null, color: null });
      await discardBlobs([found.row.iconKey, found.row.rawIconKey]);
    },
  };
}
