import {
  LockStatusSchema,
  ModerationLogSchema,
  ModerationQueueSchema,
  QueuePositionSchema,
  ReleaseLockResultSchema,
  TakeLockResultSchema,
  type ModerationQueueSort,
} from '@cairn/shared/schemas/moderation';
import type { ProjectType } from '@cairn/shared/constants/project-types';
import { UserSchema } from '@cairn/shared/schemas/users';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const QUEUE_PAGE_SIZE = 20;
export const LOG_PAGE_SIZE = 20;

export interface QueueFilters {
  page: number;
  query: string;
  type: ProjectType | undefined;
  sort: ModerationQueueSort;
}

const lockPath = (project: string) => `/v2/moderation/lock/${encodeURIComponent(project)}`;

export const getModerationQueue = (filters: QueueFilters, signal?: AbortSignal) =>
  apiFetch('/v2/moderation/projects', {
    schema: ModerationQueueSchema,
    query: {
      count: QUEUE_PAGE_SIZE,
      offset: (filters.page - 1) * QUEUE_PAGE_SIZE,
      query: filters.query || undefined,
      project_type: filters.type,
      sort: filters.sort,
    },
    signal,
  });
export const getReviewLock = (project: string, signal?: AbortSignal) => apiFetch(lockPath(project), { schema: LockStatusSchema, signal });
export const takeReviewLock = (project: string) => apiFetch(lockPath(project), { method: 'POST', schema: TakeLockResultSchema });
export const overrideReviewLock = (project: string) => apiFetch(`${lockPath(project)}/override`, { method: 'POST', schema: TakeLockResultSchema });
export const releaseReviewLock = (project: string) => apiFetch(lockPath(project), { method: 'DELETE', schema: ReleaseLockResultSchema });
export const getModerationLog = (page: number, signal?: AbortSignal) =>
  apiFetch('/v2/moderation/log', { schema: ModerationLogSchema, query: { offset: (page - 1) * LOG_PAGE_SIZE, limit: LOG_PAGE_SIZE }, signal });
export const getProjectQueuePosition = (project: string, signal?: AbortSignal) =>
  apiFetch(`/v2/project/${encodeURIComponent(project)}/queue`, { schema: QueuePositionSchema, signal });
export const getUserByEmail = (email: string, signal?: AbortSignal) => apiFetch('/v2/user_email', { schema: UserSchema, query: { email }, signal });

export const moderationQueries = {
  all: () => ['moderation'] as const,
  queue: (filters: QueueFilters) =>
    queryOptions({ queryKey: [...moderationQueries.all(), 'queue', filters] as const, queryFn: ({ signal }) => getModerationQueue(filters, signal), staleTime: 0 }),
  /** The oldest waiting project alone: the home page's figures. */
  queueSummary: () =>
    queryOptions({
      queryKey: [...moderationQueries.all(), 'queue-summary'] as const,
      queryFn: ({ signal }) => apiFetch('/v2/moderation/projects', { schema: ModerationQueueSchema, query: { count: 1, sort: 'oldest' }, signal }),
      staleTime: 0,
    }),
  lock: (project: string) =>
    queryOptions({ queryKey: [...moderationQueries.all(), 'lock', project] as const, queryFn: ({ signal }) => getReviewLock(project, signal), staleTime: 0 }),
  log: (page: number) => queryOptions({ queryKey: [...moderationQueries.all(), 'log', page] as const, queryFn: ({ signal }) => getModerationLog(page, signal) }),
  queuePosition: (project: string) =>
    queryOptions({ queryKey: [...moderationQueries.all(), 'queue-position', project] as const, queryFn: ({ signal }) => getProjectQueuePosition(project, signal) }),
  userByEmail: (email: string) =>
    queryOptions({ queryKey: [...moderationQueries.all(), 'user-email', email] as const, queryFn: ({ signal }) => getUserByEmail(email, signal), retry: false, staleTime: 0 }),
};
