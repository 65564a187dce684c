import { DEFAULT_HAND_OVER_CHOICE, ownerRowAfterHandOver, type HandOverChoice } from '@cairn/shared/constants/effective-permissions';
import { ALL_PROJECT_PERMISSIONS, ORGANIZATION_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { Organization } from '@cairn/shared/schemas/organizations';
import type { Project } from '@cairn/shared/schemas/projects';
import type { ProjectV3 } from '@cairn/shared/schemas/catalogue-v3';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { canHandOverProject, listProjectAccess, requireVisibleProject } from '../access/project.policy.js';
import { loadWireProjects, loadWireProjectsV3 } from '../projects/projects.port.js';
import type { OrganizationContext } from './organization-context.js';
import * as repo from './organizations.repository.js';

const { ADD_PROJECT, REMOVE_PROJECT } = ORGANIZATION_PERMISSIONS;

/** The projects an organization owns: listing them, moving projects in and out. */
export function createOrganizationProjects(context: OrganizationContext) {
  const { db, cdnUrl, requireVisible, requirePermission, present, visibleOrganizations } = context;

  /** Ids of the organization's projects the caller may see (404 when the organization is not visible). */
  async function visibleProjectIds(actor: Actor | null, text: string): Promise<number[]> {
    const found = await requireVisible(db, actor, text);
    const ids = (await repo.listProjectsOfOrganization(db, found.row.id)).map((p) => p.id);
    return (await listProjectAccess(db, actor, ids)).filter((a) => a.visible).map((a) => a.project.id);
  }

  return {
    async getOrganizationProjects(actor: Actor | null, text: string): Promise<Project[]> {
      return loadWireProjects(db, await visibleProjectIds(actor, text), cdnUrl);
    },

    /** GET /v3/organization/{id}/projects: the same projects in the reference's v3 shape. */
    async getOrganizationProjectsV3(actor: Actor | null, text: string): Promise<ProjectV3[]> {
      return loadWireProjectsV3(db, await visibleProjectIds(actor, text), cdnUrl);
    },

    /** The organization owning a project, when there is one the caller may see. */
    async getProjectOrganization(actor: Actor | null, projectText: string): Promise<Organization> {
      const access = await requireVisibleProject(db, actor, projectText);
      const organizationId = access.project.organizationId;
      const rows = organizationId === null ? [] : await repo.listOrganizations(db, [organizationId]);
      const [organization] = await present(actor, await visibleOrganizations(db, actor, rows));
      if (!organization) throw notFound('This project does not belong to an organization');
      return organization;
    },

    /**
     * Moves a project into the organization. The project's owner asks (admins may too) and must be
     * allowed to add projects. The organization's owner leaves the project's team (he holds every
     * project through the organization). The project's owner, by default (`keep`), stays on it as
     * a member with the permissions he holds now; with `organization_defaults` (the reference's
     * rule) he leaves it too and acts with the organization's default project permissions.
     */
    async addOrganizationProject(actor: Actor, text: string, projectText: string, choice: HandOverChoice = DEFAULT_HAND_OVER_CHOICE): Promise<void> {
      const found = await requireVisible(db, actor, text);
      const access = await requireVisibleProject(db, actor, projectText);
      if (access.project.organizationId !== null) throw badRequest(`Invalid body 'project_id': the project already belongs to an organization`);
      if (!canHandOverProject(actor, access)) throw unauthorized('Only the owner of the project may move it into an organization');
      requirePermission(found, ADD_PROJECT, 'add projects to this organization');
      await db.transaction(async (tx) => {
        const projectTeam = await repo.listTeamMembers(tx, access.project.teamId);
        const organizationOwner = (await repo.listTeamMembers(tx, found.row.teamId)).find((m) => m.isOwner);
        const projectOwner = projectTeam.find((m) => m.isOwner);
        const kept = projectOwner ? ownerRowAfterHandOver(choice, projectOwner) : undefined;
        const leaving = projectTeam.filter((m) => (m.isOwner ? !kept : m.userId === organizationOwner?.userId)).map((m) => m.userId);
        await repo.deleteTeamMembers(tx, access.project.teamId, leaving);
        if (projectOwner && kept) await repo.updateTeamMember(tx, access.project.teamId, projectOwner.userId, { isOwner: false, permissions: kept.permissions });
        await repo.setProjectOrganization(tx, access.project.id, found.row.id);
        await recordSearchChange(tx, [access.project.id]);
      });
    },

    /** Gives a project back to one member of the organization, who becomes its owner. */
    async removeOrganizationProject(actor: Actor, text: string, projectText: string, newOwnerText: string): Promise<void> {
      const found = await requireVisible(db, actor, text);
      requirePermission(found, REMOVE_PROJECT, 'remove projects from this organization');
      const access = await requireVisibleProject(db, actor, projectText);
      if (access.project.organizationId !== found.row.id) throw badRequest(`The project '${projectText}' does not belong to this organization`);
      const newOwnerId = parseId(newOwnerText);
      await db.transaction(async (tx) => {
        const member = (await repo.listTeamMembers(tx, found.row.teamId)).find((m) => m.userId === newOwnerId);
        if (!member?.accepted || newOwnerId === undefined) {
          throw badRequest(`Invalid body 'new_owner': '${newOwnerText}' is not a member of this organization`);
        }
        await repo.setProjectOrganization(tx, access.project.id, null);
        await repo.upsertTeamOwner(tx, access.project.teamId, newOwnerId, ALL_PROJECT_PERMISSIONS, 'Member');
        await recordSearchChange(tx, [access.project.id]);
      });
    },
  };
}
