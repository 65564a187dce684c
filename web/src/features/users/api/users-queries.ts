import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { UserSchema } from '@cairn/shared/schemas/users';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const encode = encodeURIComponent;

/** `GET /v2/user/{id|username}` (operationId `getUser`). */
export function getUser(idOrUsername: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(idOrUsername)}`, { schema: UserSchema, signal });
}

/** `GET /v2/user/{id|username}/projects` (operationId `getUserProjects`). */
function getUserProjects(idOrUsername: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(idOrUsername)}/projects`, { schema: z.array(ProjectSchema), signal });
}

export const userQueries = {
  all: () => ['users'] as const,
  detail: (idOrUsername: string) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'detail', idOrUsername.toLowerCase()] as const,
      queryFn: ({ signal }) => getUser(idOrUsername, signal),
    }),
  projects: (userId: string) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'projects', userId] as const,
      queryFn: ({ signal }) => getUserProjects(userId, signal),
    }),
};
