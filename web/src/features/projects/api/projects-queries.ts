import { ProjectFollowSchema, type ProjectFollow } from '@cairn/shared/schemas/follows';
import { ProjectDependencyListSchema, ProjectSchema } from '@cairn/shared/schemas/projects';
import { LicenseTextResponseSchema } from '@cairn/shared/schemas/tags';
import { TeamMemberSchema } from '@cairn/shared/schemas/teams';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const encode = encodeURIComponent;

/** A follow's filter as sent: loader names and game versions (empty: any). */
type FollowFilter = Pick<ProjectFollow, 'loaders' | 'game_versions'>;

/** `GET /v2/project/{id|slug}` (operationId `getProject`). */
function getProject(idOrSlug: string, signal?: AbortSignal) {
  return apiFetch(`/v2/project/${encode(idOrSlug)}`, { schema: ProjectSchema, signal });
}

/** `GET /v2/project/{id|slug}?lang=` (operationId `getProject`): summary and description in a language. */
function getProjectIn(idOrSlug: string, lang: string, signal?: AbortSignal) {
  return apiFetch(`/v2/project/${encode(idOrSlug)}`, { schema: ProjectSchema, query: { lang }, signal });
}

/** `GET /v2/version/{id}?lang=` (operationId `getVersion`): the changelog in a language. */
function getVersionIn(id: string, lang: string, signal?: AbortSignal) {
  return apiFetch(`/v2/version/${encode(id)}`, { schema: VersionSchema, query: { lang }, signal });
}

/** `GET /v2/project/{id|slug}/members` (operationId `getProjectTeamMembers`). */
function getProjectTeamMembers(idOrSlug: string, signal?: AbortSignal) {
  return apiFetch(`/v2/project/${encode(idOrSlug)}/members`, { schema: z.array(TeamMemberSchema), signal });
}

/** `GET /v2/project/{id|slug}/dependencies` (operationId `getDependencies`). */
function getDependencies(idOrSlug: string, signal?: AbortSignal) {
  return apiFetch(`/v2/project/${encode(idOrSlug)}/dependencies`, { schema: ProjectDependencyListSchema, signal });
}

/**
 * `GET /v2/project/{id|slug}/version` (operationId `getProjectVersions`), newest first, without
 * changelogs: lists, filters and the download modal need only the metadata.
 */
function getProjectVersions(idOrSlug: string, signal?: AbortSignal) {
  return apiFetch(`/v2/project/${encode(idOrSlug)}/version`, {
    schema: z.array(VersionSchema),
    query: { include_changelog: false },
    signal,
  });
}

/** `GET /v2/project/{id|slug}/version/{id|number}` (operationId `getVersionFromIdOrNumber`). */
function getVersionFromIdOrNumber(project: string, version: string, signal?: AbortSignal) {
  return apiFetch(`/v2/project/${encode(project)}/version/${encode(version)}`, { schema: VersionSchema, signal });
}

/** `GET /v2/versions?ids=[…]` (operationId `getVersions`), with changelogs. */
function getVersions(ids: readonly string[], signal?: AbortSignal) {
  return apiFetch('/v2/versions', { schema: z.array(VersionSchema), query: { ids: JSON.stringify(ids) }, signal });
}

/** `GET /v2/projects_random?count=` (operationId `randomProjects`). */
function randomProjects(count: number, signal?: AbortSignal) {
  return apiFetch('/v2/projects_random', { schema: z.array(ProjectSchema), query: { count }, signal });
}

/** `GET /v2/tag/license/{id}` (operationId `licenseText`): the full text of a project's license. */
export function licenseText(id: string, signal?: AbortSignal) {
  return apiFetch(`/v2/tag/license/${encode(id)}`, { schema: LicenseTextResponseSchema, signal });
}

/** `GET /v2/user/{id|username}/follows` (operationId `getFollowedProjects`): needs the user's own session. */
function getFollowedProjects(userId: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(userId)}/follows`, { schema: z.array(ProjectSchema), signal });
}

/** `POST /v2/project/{id|slug}/follow` (operationId `followProject`), optionally narrowed to loaders and game versions. */
export function followProject(idOrSlug: string, filter?: FollowFilter) {
  return apiFetch(`/v2/project/${encode(idOrSlug)}/follow`, { method: 'POST', ...(filter ? { body: filter } : {}), schema: z.unknown() });
}

/** `GET /v2/project/{id|slug}/follow` (operationId `getProjectFollow`): the signed-in user's follow and its filter. */
function getProjectFollow(idOrSlug: string, signal?: AbortSignal) {
  return apiFetch(`/v2/project/${encode(idOrSlug)}/follow`, { schema: ProjectFollowSchema, signal });
}

/** `PATCH /v2/project/{id|slug}/follow` (operationId `modifyProjectFollow`): changes the follow's filter. */
export function modifyProjectFollow(idOrSlug: string, filter: FollowFilter) {
  return apiFetch(`/v2/project/${encode(idOrSlug)}/follow`, { method: 'PATCH', body: filter, schema: ProjectFollowSchema });
}

/** `DELETE /v2/project/{id|slug}/follow` (operationId `unfollowProject`). */
export function unfollowProject(idOrSlug: string) {
  return apiFetch(`/v2/project/${encode(idOrSlug)}/follow`, { method: 'DELETE', schema: z.unknown() });
}

export const projectQueries = {
  all: () => ['projects'] as const,
  detail: (idOrSlug: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'detail', idOrSlug] as const,
      queryFn: ({ signal }) => getProject(idOrSlug, signal),
    }),
  /** The project with its summary and description in `lang` (one of its `description_languages`). */
  inLanguage: (idOrSlug: string, lang: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'detail', idOrSlug, 'lang', lang] as const,
      queryFn: ({ signal }) => getProjectIn(idOrSlug, lang, signal),
    }),
  /** A version with its changelog in `lang` (one of its `changelog_languages`). */
  versionInLanguage: (versionId: string, lang: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'version-lang', versionId, lang] as const,
      queryFn: ({ signal }) => getVersionIn(versionId, lang, signal),
    }),
  members: (projectId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'members', projectId] as const,
      queryFn: ({ signal }) => getProjectTeamMembers(projectId, signal),
    }),
  dependencies: (projectId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'dependencies', projectId] as const,
      queryFn: ({ signal }) => getDependencies(projectId, signal),
    }),
  versions: (projectId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'versions', projectId] as const,
      queryFn: ({ signal }) => getProjectVersions(projectId, signal),
    }),
  version: (projectId: string, idOrNumber: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'version', projectId, idOrNumber] as const,
      queryFn: ({ signal }) => getVersionFromIdOrNumber(projectId, idOrNumber, signal),
    }),
  /** Full versions (with changelogs) by id, e.g. one changelog page. */
  versionsByIds: (ids: readonly string[]) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'versions-by-id', ...ids] as const,
      queryFn: ({ signal }) => getVersions(ids, signal),
    }),
  random: (count: number) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'random', count] as const,
      queryFn: ({ signal }) => randomProjects(count, signal),
      // A new pick on every visit would make the home page jump; keep one for the session.
      staleTime: Infinity,
    }),
  licenseText: (id: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'license', id] as const,
      queryFn: ({ signal }) => licenseText(id, signal),
      staleTime: 60 * 60 * 1000,
    }),
  /** The signed-in user's follow of a project (only asked for while they follow it). */
  follow: (projectId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'follow', projectId] as const,
      queryFn: ({ signal }) => getProjectFollow(projectId, signal),
    }),
  followed: (userId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'followed', userId] as const,
      queryFn: ({ signal }) => getFollowedProjects(userId, signal),
    }),
};
