import type { HandOverChoice } from '@cairn/shared/constants/effective-permissions';
import type { AddOrganizationProjectBody, CreateOrganizationBody, ModifyOrganizationBody } from '@cairn/shared/schemas/organizations';
import { OrganizationSchema } from '@cairn/shared/schemas/organizations';
import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { UserSchema } from '@cairn/shared/schemas/users';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

const encode = encodeURIComponent;

/** `GET /v2/organization/{id|slug}` (operationId `getOrganization`). */
export function getOrganization(idOrSlug: string, signal?: AbortSignal) {
  return apiFetch(`/v2/organization/${encode(idOrSlug)}`, { schema: OrganizationSchema, signal });
}

/** `GET /v2/organization/{id|slug}/projects` (operationId `getOrganizationProjects`). */
export function getOrganizationProjects(idOrSlug: string, signal?: AbortSignal) {
  return apiFetch(`/v2/organization/${encode(idOrSlug)}/projects`, { schema: z.array(ProjectSchema), signal });
}

/** `GET /v2/user/{id|username}/organizations` (operationId `getUserOrganizations`). */
export function getUserOrganizations(user: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(user)}/organizations`, { schema: z.array(OrganizationSchema), signal });
}

/** `GET /v2/project/{id|slug}/organization` (operationId `getProjectOrganization`); null when it has none. */
export function getProjectOrganization(project: string, signal?: AbortSignal) {
  return apiFetch(`/v2/project/${encode(project)}/organization`, { schema: OrganizationSchema, signal });
}

export function createOrganization(body: CreateOrganizationBody) {
  return apiFetch('/v2/organization', { method: 'POST', body, schema: OrganizationSchema });
}

export function modifyOrganization(id: string, body: ModifyOrganizationBody) {
  return apiFetch(`/v2/organization/${encode(id)}`, { method: 'PATCH', body, schema: NoContentSchema });
}

export function deleteOrganization(id: string) {
  return apiFetch(`/v2/organization/${encode(id)}`, { method: 'DELETE', schema: NoContentSchema });
}

export function changeOrganizationIcon(id: string, file: File) {
  return apiFetch(`/v2/organization/${encode(id)}/icon`, { method: 'PATCH', body: file, headers: { 'content-type': file.type }, query: { ext: file.name.split('.').pop() }, schema: NoContentSchema });
}

export function deleteOrganizationIcon(id: string) {
  return apiFetch(`/v2/organization/${encode(id)}/icon`, { method: 'DELETE', schema: NoContentSchema });
}

/**
 * `POST /v2/organization/{id}/projects` (operationId `addOrganizationProject`): `ownerPermissions`
 * says what the project's owner keeps (the API's default, `keep`, when left out).
 */
export function addOrganizationProject(id: string, projectId: string, ownerPermissions?: HandOverChoice) {
  const body: AddOrganizationProjectBody = { project_id: projectId, ...(ownerPermissions ? { owner_permissions: ownerPermissions } : {}) };
  return apiFetch(`/v2/organization/${encode(id)}/projects`, { method: 'POST', body, schema: NoContentSchema });
}

export function removeOrganizationProject(id: string, projectId: string, newOwner: string) {
  return apiFetch(`/v2/organization/${encode(id)}/projects/${encode(projectId)}`, { method: 'DELETE', body: { new_owner: newOwner }, schema: NoContentSchema });
}

export interface MemberChange {
  permissions?: number;
  organization_permissions?: number;
  role?: string;
}

export function inviteMember(teamId: string, userId: string, change: MemberChange) {
  return apiFetch(`/v2/team/${encode(teamId)}/members`, { method: 'POST', body: { user_id: userId, ...change }, schema: NoContentSchema });
}

export function editMember(teamId: string, userId: string, change: MemberChange) {
  return apiFetch(`/v2/team/${encode(teamId)}/members/${encode(userId)}`, { method: 'PATCH', body: change, schema: NoContentSchema });
}

export function removeMember(teamId: string, userId: string) {
  return apiFetch(`/v2/team/${encode(teamId)}/members/${encode(userId)}`, { method: 'DELETE', schema: NoContentSchema });
}

export function joinTeam(teamId: string) {
  return apiFetch(`/v2/team/${encode(teamId)}/join`, { method: 'POST', schema: NoContentSchema });
}

export function transferOwnership(teamId: string, userId: string) {
  return apiFetch(`/v2/team/${encode(teamId)}/owner`, { method: 'PATCH', body: { user_id: userId }, schema: NoContentSchema });
}

/** `GET /v2/user/{id|username}`: the invitee's id from the name typed. */
export function findUser(idOrUsername: string) {
  return apiFetch(`/v2/user/${encode(idOrUsername)}`, { schema: UserSchema });
}
