import { CollectionListSchema, CollectionSchema, type CreateCollectionBody, type ModifyCollectionBody } from '@cairn/shared/schemas/collections';
import { ProjectFollowSchema, type ProjectFollow } from '@cairn/shared/schemas/follows';
import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { UserSchema } from '@cairn/shared/schemas/users';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

const encode = encodeURIComponent;

/** The id of the synthesized "Followed projects" collection (GET /v2/user/{me}/follows). */
export const FOLLOWING_ID = 'following';

/** `GET /v2/collection/{id}` (operationId `getCollection`). */
function getCollection(id: string, signal?: AbortSignal) {
  return apiFetch(`/v2/collection/${encode(id)}`, { schema: CollectionSchema, signal });
}

/** `GET /v2/user/{id|username}/collections` (operationId `getUserCollections`). */
function getUserCollections(user: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(user)}/collections`, { schema: CollectionListSchema, signal });
}

/** `GET /v2/projects?ids=[…]` (operationId `getProjects`): the projects shown in a collection. */
function getProjects(ids: readonly string[], signal?: AbortSignal) {
  if (ids.length === 0) return Promise.resolve([]);
  return apiFetch('/v2/projects', { schema: z.array(ProjectSchema), query: { ids: JSON.stringify(ids) }, signal });
}

/** `GET /v2/user/{id}/follows` (operationId `getFollowedProjects`): the Following list. */
function getFollowedProjects(userId: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(userId)}/follows`, { schema: z.array(ProjectSchema), signal });
}

/** `POST /v2/collection` (operationId `createCollection`). */
export function createCollection(body: CreateCollectionBody) {
  return apiFetch('/v2/collection', { method: 'POST', body, schema: CollectionSchema });
}

/** `PATCH /v2/collection/{id}` (operationId `modifyCollection`); `new_projects` replaces the list. */
export function modifyCollection(id: string, body: ModifyCollectionBody) {
  return apiFetch(`/v2/collection/${encode(id)}`, { method: 'PATCH', body, schema: NoContentSchema });
}

/** `PATCH /v2/collection/{id}/icon?ext=` (operationId `changeCollectionIcon`): the raw image. */
export function changeCollectionIcon(id: string, file: File) {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? 'png';
  return apiFetch(`/v2/collection/${encode(id)}/icon`, { method: 'PATCH', body: file, query: { ext }, headers: { 'Content-Type': file.type || 'application/octet-stream' }, schema: NoContentSchema });
}

/** `DELETE /v2/collection/{id}/icon` (operationId `deleteCollectionIcon`). */
export function deleteCollectionIcon(id: string) {
  return apiFetch(`/v2/collection/${encode(id)}/icon`, { method: 'DELETE', schema: NoContentSchema });
}

/** `DELETE /v2/collection/{id}` (operationId `deleteCollection`). */
export function deleteCollection(id: string) {
  return apiFetch(`/v2/collection/${encode(id)}`, { method: 'DELETE', schema: NoContentSchema });
}

/** `DELETE /v2/project/{id}/follow` (operationId `unfollowProject`): unfollow from the Following list. */
export function unfollowProject(projectId: string) {
  return apiFetch(`/v2/project/${encode(projectId)}/follow`, { method: 'DELETE', schema: z.unknown() });
}

export const collectionQueries = {
  all: () => ['collections'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...collectionQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => getCollection(id, signal),
    }),
  ofUser: (user: string) =>
    queryOptions({
      queryKey: [...collectionQueries.all(), 'user', user] as const,
      queryFn: ({ signal }) => getUserCollections(user, signal),
    }),
  projects: (ids: readonly string[]) =>
    queryOptions({
      queryKey: [...collectionQueries.all(), 'projects', ids] as const,
      queryFn: ({ signal }) => getProjects(ids, signal),
    }),
  /** Shares its key with the project pages' followed list, so the heart and this list agree. */
  following: (userId: string) =>
    queryOptions({
      queryKey: ['projects', 'followed', userId] as const,
      queryFn: ({ signal }) => getFollowedProjects(userId, signal),
    }),
};

/** `GET /v2/user/{id}/follow_filters` (operationId `getFollowFilters`): the filter of each followed project. */
function getFollowFilters(userId: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(userId)}/follow_filters`, { schema: z.array(ProjectFollowSchema), signal });
}

/** `PATCH /v2/project/{id}/follow` (operationId `modifyProjectFollow`): changes a follow's filter from the Following list. */
export function modifyProjectFollow(projectId: string, filter: Pick<ProjectFollow, 'loaders' | 'game_versions'>) {
  return apiFetch(`/v2/project/${encode(projectId)}/follow`, { method: 'PATCH', body: filter, schema: ProjectFollowSchema });
}

/** The Following list's filters; shares the project pages' key prefix, so saving a filter there refreshes it. */
export const followFiltersQuery = (userId: string) =>
  queryOptions({
    queryKey: ['projects', 'follow-filters', userId] as const,
    queryFn: ({ signal }) => getFollowFilters(userId, signal),
  });

/** `GET /v2/user/{id}` (operationId `getUser`): a collection's curator. */
function getUser(id: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(id)}`, { schema: UserSchema, signal });
}

export const curatorQuery = (userId: string) =>
  queryOptions({
    queryKey: ['collections', 'curator', userId] as const,
    queryFn: ({ signal }) => getUser(userId, signal),
  });
