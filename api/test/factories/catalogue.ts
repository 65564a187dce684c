import { createHash, randomBytes } from 'node:crypto';
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { versionProjectTypes } from '@cairn/shared/constants/loaders';
import type { Executor } from '../../src/db/client.js';
import { organizations, versionDependencies, versionFiles, versions } from '../../src/db/schema/catalogue.js';
import { encodeBase62, randomId } from '../../src/lib/ids.js';
import * as projectsRepo from '../../src/modules/projects/projects.repository.js';
import * as teamsRepo from '../../src/modules/teams/teams.repository.js';
import { createThread } from '../../src/modules/threads/threads.port.js';

export interface InsertedProject {
  id: number;
  /** Base62 id as the API shows it. */
  key: string;
  slug: string;
  teamId: number;
  teamKey: string;
}

/**
 * A project owned by `ownerId` (accepted owner, every permission), with its team and thread.
 * Defaults: approved mod, MIT, categories ['utility'].
 */
export async function insertProject(
  db: Executor,
  fields: {
    ownerId: number;
    /** A chosen id (default: a random one). */
    id?: number;
    slug?: string;
    title?: string;
    status?: string;
    requestedStatus?: string | null;
    declaredType?: 'mod' | 'modpack';
    categories?: string[];
    organizationId?: number | null;
    clientSide?: string;
    serverSide?: string;
  },
): Promise<InsertedProject> {
  const id = fields.id ?? Number(randomId());
  const teamId = Number(randomId());
  const slug = fields.slug ?? `project-${randomBytes(4).toString('hex')}`;
  await projectsRepo.insertTeam(db, teamId);
  if (!fields.organizationId) {
    await projectsRepo.insertTeamMember(db, {
      teamId,
      userId: fields.ownerId,
      role: 'Member',
      isOwner: true,
      permissions: ALL_PROJECT_PERMISSIONS,
      accepted: true,
      payoutsSplit: 100,
    });
  }
  const status = fields.status ?? 'approved';
  await projectsRepo.insertProject(db, {
    id,
    slug,
    teamId,
    organizationId: fields.organizationId ?? null,
    title: fields.title ?? `Project ${slug}`,
    summary: 'A project made for tests.',
    body: 'The long description.',
    declaredType: fields.declaredType ?? 'mod',
    status,
    requestedStatus: fields.requestedStatus === undefined ? 'approved' : fields.requestedStatus,
    licenseId: 'MIT',
    approved: ['approved', 'archived', 'unlisted', 'private'].includes(status) ? new Date() : null,
    clientSide: fields.clientSide ?? 'required',
    serverSide: fields.serverSide ?? 'optional',
  });
  await createThread(db, { type: 'project', projectId: id });
  await projectsRepo.replaceCategories(db, id, false, fields.categories ?? ['utility']);
  return { id, key: encodeBase62(id), slug, teamId, teamKey: encodeBase62(teamId) };
}

/** Adds a user to a team (pending unless `accepted`). */
export async function addTeamMember(
  db: Executor,
  teamId: number,
  userId: number,
  fields: { permissions?: number; accepted?: boolean; role?: string; organizationPermissions?: number | null; payoutsSplit?: number } = {},
): Promise<void> {
  await teamsRepo.insertMember(db, {
    teamId,
    userId,
    role: fields.role ?? 'Member',
    permissions: fields.permissions ?? 0,
    organizationPermissions: fields.organizationPermissions ?? null,
    accepted: fields.accepted ?? true,
    payoutsSplit: fields.payoutsSplit ?? 0,
  });
}

export interface InsertedVersion {
  id: number;
  key: string;
  sha1: string;
  sha512: string;
}

/**
 * A version with one primary file (the bytes are not stored; only the row exists). Defaults:
 * listed release for fabric on 1.20.1.
 */
export async function insertVersion(
  db: Executor,
  fields: {
    projectId: number;
    authorId: number;
    versionNumber?: string;
    versionType?: string;
    status?: string;
    loaders?: string[];
    gameVersions?: string[];
    modpack?: boolean;
    environment?: string;
    datePublished?: Date;
    dependencies?: Array<{ versionId?: number; projectId?: number; fileName?: string; type: string }>;
  },
): Promise<InsertedVersion> {
  const id = Number(randomId());
  const loaders = fields.loaders ?? ['fabric'];
  const content = randomBytes(32);
  const sha1 = createHash('sha1').update(content).digest('hex');
  const sha512 = createHash('sha512').update(content).digest('hex');
  const versionNumber = fields.versionNumber ?? `1.0.${randomBytes(2).readUInt16BE()}`;
  await db.insert(versions).values({
    id,
    projectId: fields.projectId,
    authorId: fields.authorId,
    name: `Version ${versionNumber}`,
    versionNumber,
    versionType: fields.versionType ?? 'release',
    status: fields.status ?? 'listed',
    featured: false,
    loaders,
    gameVersions: fields.gameVersions ?? ['1.20.1'],
    environment: fields.environment ?? 'client_and_server',
    projectTypes: versionProjectTypes(loaders, fields.modpack ?? false),
    ...(fields.datePublished ? { datePublished: fields.datePublished } : {}),
  });
  const extension = fields.modpack ? 'mrpack' : 'jar';
  await db.insert(versionFiles).values({
    id: Number(randomId()),
    versionId: id,
    blobKey: `${sha512}.${extension}`,
    filename: `file-${versionNumber}.${extension}`,
    size: content.length,
    sha1,
    sha512,
    primary: true,
  });
  for (const d of fields.dependencies ?? []) {
    await db.insert(versionDependencies).values({
      versionId: id,
      dependencyVersionId: d.versionId ?? null,
      dependencyProjectId: d.projectId ?? null,
      fileName: d.fileName ?? null,
      dependencyType: d.type,
    });
  }
  return { id, key: encodeBase62(id), sha1, sha512 };
}

/** An organization owned by `ownerId`, with its team. */
export async function insertOrganization(db: Executor, fields: { ownerId: number; slug?: string }): Promise<{ id: number; teamId: number }> {
  const id = Number(randomId());
  const teamId = Number(randomId());
  await projectsRepo.insertTeam(db, teamId);
  await teamsRepo.insertMember(db, {
    teamId,
    userId: fields.ownerId,
    role: 'Member',
    isOwner: true,
    permissions: ALL_PROJECT_PERMISSIONS,
    organizationPermissions: ALL_ORGANIZATION_PERMISSIONS,
    accepted: true,
  });
  await db.insert(organizations).values({
    id,
    slug: fields.slug ?? `org-${randomBytes(4).toString('hex')}`,
    name: 'Test Organization',
    description: 'An organization for tests.',
    teamId,
  });
  return { id, teamId };
}
