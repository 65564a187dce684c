import type { ModifyProjectBody } from '@cairn/shared/schemas/projects';
import { ProjectTranslationListSchema, ProjectTranslationSchema, type PutProjectTranslationBody } from '@cairn/shared/schemas/translations';
import { DonationPlatformListResponseSchema, LicenseListResponseSchema } from '@cairn/shared/schemas/tags';
import type { ModifyTeamMemberBody } from '@cairn/shared/schemas/teams';
import { UserSchema } from '@cairn/shared/schemas/users';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

// The calls behind the project settings pages (operation ids in each comment).

const encode = encodeURIComponent;

/** modifyProject: only the fields that changed. */
export const modifyProject = (projectId: string, body: ModifyProjectBody) =>
  apiFetch(`/v2/project/${encode(projectId)}`, { method: 'PATCH', body, schema: NoContentSchema });

/** getProjectTranslations: the original's language and every translation (for those who may edit details). */
export const getProjectTranslations = (projectId: string, signal?: AbortSignal) =>
  apiFetch(`/v2/project/${encode(projectId)}/translations`, { schema: ProjectTranslationListSchema, signal });

/** putProjectTranslation: creates or replaces one language's summary and description. */
export const putProjectTranslation = (projectId: string, language: string, body: PutProjectTranslationBody) =>
  apiFetch(`/v2/project/${encode(projectId)}/translations/${encode(language)}`, { method: 'PUT', body, schema: ProjectTranslationSchema });

/** deleteProjectTranslation */
export const deleteProjectTranslation = (projectId: string, language: string) =>
  apiFetch(`/v2/project/${encode(projectId)}/translations/${encode(language)}`, { method: 'DELETE', schema: NoContentSchema });

/** deleteProject */
export const deleteProject = (projectId: string) => apiFetch(`/v2/project/${encode(projectId)}`, { method: 'DELETE', schema: NoContentSchema });

/** changeProjectIcon: the image is the raw body; `ext` names its format. */
export const changeProjectIcon = (projectId: string, file: File, ext: string) =>
  apiFetch(`/v2/project/${encode(projectId)}/icon`, { method: 'PATCH', query: { ext }, body: file, schema: NoContentSchema });

/** deleteProjectIcon */
export const deleteProjectIcon = (projectId: string) => apiFetch(`/v2/project/${encode(projectId)}/icon`, { method: 'DELETE', schema: NoContentSchema });

/** getUser: resolves an invitee's username to their id. */
export const getUser = (username: string) => apiFetch(`/v2/user/${encode(username)}`, { schema: UserSchema });

/** addTeamMember: invites with no permissions; they are given on the member's card. */
export const addTeamMember = (teamId: string, userId: string) =>
  apiFetch(`/v2/team/${encode(teamId)}/members`, { method: 'POST', body: { user_id: userId }, schema: NoContentSchema });

/** modifyTeamMember */
export const modifyTeamMember = (teamId: string, userId: string, body: ModifyTeamMemberBody) =>
  apiFetch(`/v2/team/${encode(teamId)}/members/${encode(userId)}`, { method: 'PATCH', body, schema: NoContentSchema });

/** deleteTeamMember: removes a member, declines an invitation, or leaves. */
export const deleteTeamMember = (teamId: string, userId: string) =>
  apiFetch(`/v2/team/${encode(teamId)}/members/${encode(userId)}`, { method: 'DELETE', schema: NoContentSchema });

/** transferTeamOwnership */
export const transferTeamOwnership = (teamId: string, userId: string) =>
  apiFetch(`/v2/team/${encode(teamId)}/owner`, { method: 'PATCH', body: { user_id: userId }, schema: NoContentSchema });

/** licenseList: every SPDX id with its name. */
export const licenseList = (signal?: AbortSignal) => apiFetch('/v2/tag/license', { schema: LicenseListResponseSchema, signal });

/** donationPlatformList */
export const donationPlatformList = (signal?: AbortSignal) => apiFetch('/v2/tag/donation_platform', { schema: DonationPlatformListResponseSchema, signal });

const UploadedImageSchema = z.object({ url: z.string() }).loose();

/**
 * `POST /v2/image?ext=&context=project&project_id=` with the image as the raw body: an image for a
 * project's description, answered with its URL.
 */
export async function uploadProjectImage(projectId: string, file: File, ext: string): Promise<string> {
  const image = await apiFetch('/v2/image', { method: 'POST', query: { ext, context: 'project', project_id: projectId }, body: file, schema: UploadedImageSchema });
  return image.url;
}
