import { effectiveProjectPermissions as projectPermissionsFor } from '@cairn/shared/constants/effective-permissions';
import { hasPermission } from '@cairn/shared/constants/permissions';
import { isHiddenProjectStatus } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { isAdmin, isModerator, type Actor } from '../../lib/actor.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import * as repo from './access.repository.js';
import type { MembershipRow, ProjectRef } from './access.repository.js';

/**
 * Who sees which project and what a caller may do to it. Every catalogue route goes through it.
 *
 * Visibility: a project is visible unless its status is hidden; hidden ones only to
 * moderators and to anyone with a membership row (pending invitations included) in its
 * team or its organization's team. Effective permissions: admins everything; an accepted
 * member of the project team its bits (even when lower than the organization's); else an
 * accepted member of the owning organization its default project bits; moderators
 * EDIT_DETAILS, EDIT_BODY and UPLOAD_VERSION; anyone else nothing. Pending invitations grant
 * nothing.
 */

export type { MembershipRow, ProjectRef };

export interface ProjectAccess {
  project: ProjectRef;
  /** Membership in the project's own team and in its organization's team. */
  projectMembership: MembershipRow | undefined;
  organizationMembership: MembershipRow | undefined;
  /** Has any membership row, pending or accepted, in either team. */
  isMember: boolean;
  /** An accepted member of the project team or of the owning organization. */
  isAcceptedMember: boolean;
  visible: boolean;
  permissions: number;
}

/** The rule itself lives in shared (effective-permissions.ts), so the website applies the same one. */
export function effectiveProjectPermissions(
  actor: Actor | null,
  projectMembership: MembershipRow | undefined,
  organizationMembership: MembershipRow | undefined,
): number {
  return projectPermissionsFor(actor?.role, projectMembership, organizationMembership);
}

function buildAccess(actor: Actor | null, project: ProjectRef, memberships: readonly MembershipRow[]): ProjectAccess {
  const projectMembership = memberships.find((m) => m.teamId === project.teamId);
  const organizationMembership =
    project.organizationTeamId === null ? undefined : memberships.find((m) => m.teamId === project.organizationTeamId);
  const isMember = Boolean(projectMembership || organizationMembership);
  return {
    project,
    projectMembership,
    organizationMembership,
    isMember,
    isAcceptedMember: Boolean(projectMembership?.accepted || organizationMembership?.accepted),
    visible: !isHiddenProjectStatus(project.status) || isModerator(actor) || isMember,
    permissions: effectiveProjectPermissions(actor, projectMembership, organizationMembership),
  };
}

/** Access to projects already loaded (only a signed-in caller's memberships are read). */
export async function accessFor(db: Executor, actor: Actor | null, refs: readonly ProjectRef[]): Promise<ProjectAccess[]> {
  const teamIds = new Set<number>();
  for (const ref of refs) {
    teamIds.add(ref.teamId);
    if (ref.organizationTeamId !== null) teamIds.add(ref.organizationTeamId);
  }
  const memberships = actor ? await repo.listMemberships(db, actor.userId, [...teamIds]) : [];
  return refs.map((ref) => buildAccess(actor, ref, memberships));
}

/** Access to one project named by id or slug; undefined when there is no such project. */
export async function findProjectAccess(db: Executor, actor: Actor | null, idOrSlug: string): Promise<ProjectAccess | undefined> {
  const ref = (await repo.listProjectRefsByIdOrSlug(db, [idOrSlug])).get(idOrSlug);
  return ref ? (await accessFor(db, actor, [ref]))[0] : undefined;
}

/** Access to projects named by ids or slugs, in the order given, unknown ones left out (duplicates once). */
export async function listProjectAccessByIdOrSlug(db: Executor, actor: Actor | null, texts: readonly string[]): Promise<ProjectAccess[]> {
  const found = await repo.listProjectRefsByIdOrSlug(db, texts);
  const seen = new Set<number>();
  const refs: ProjectRef[] = [];
  for (const text of texts) {
    const ref = found.get(text);
    if (ref && !seen.has(ref.id)) {
      seen.add(ref.id);
      refs.push(ref);
    }
  }
  return accessFor(db, actor, refs);
}

/** Access to projects by numeric id, in the order given. */
export async function listProjectAccess(db: Executor, actor: Actor | null, ids: readonly number[]): Promise<ProjectAccess[]> {
  const refs = await repo.listProjectRefsByIds(db, ids);
  const byId = new Map(refs.map((r) => [r.id, r]));
  return accessFor(db, actor, ids.map((id) => byId.get(id)).filter((r): r is ProjectRef => r !== undefined));
}

/** The project if the caller may see it; otherwise 404, exactly as when it does not exist. */
export async function requireVisibleProject(db: Executor, actor: Actor | null, idOrSlug: string): Promise<ProjectAccess> {
  const access = await findProjectAccess(db, actor, idOrSlug);
  if (!access?.visible) throw notFound('The project does not exist or you may not see it');
  return access;
}

/** 401 unless the caller holds every given permission bit on the project. */
export function requireProjectPermission(access: ProjectAccess, permission: number, action: string): void {
  if (!hasPermission(access.permissions, permission)) throw unauthorized(`You don't have permission to ${action}`);
}

/** Forcing a project's demonetization (or lifting it) is for moderators. */
export function canForceMonetization(actor: Actor): boolean {
  return isModerator(actor);
}

/** Adding gallery images is the team's business: moderators may edit or remove them, only admins add. */
export function canAddGalleryImages(actor: Actor, access: ProjectAccess): boolean {
  return access.isAcceptedMember || isAdmin(actor);
}

/** Only the project's owner (or an admin) hands a project over to an organization. */
export function canHandOverProject(actor: Actor, access: ProjectAccess): boolean {
  return Boolean(access.projectMembership?.isOwner) || isAdmin(actor);
}
