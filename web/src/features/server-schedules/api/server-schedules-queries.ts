import {
  ServerScheduleListSchema,
  ServerScheduleRunListSchema,
  ServerScheduleRunSchema,
  ServerScheduleSchema,
  type CreateServerScheduleBody,
  type EditServerScheduleBody,
} from '@cairn/shared/schemas/server-schedules';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { useNotifications } from '../../../lib/notifications-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';

const enc = encodeURIComponent;
const base = (serverId: string) => `/v2/servers/${enc(serverId)}/schedules`;

export const listServerSchedules = (serverId: string, signal?: AbortSignal) => apiFetch(base(serverId), { schema: ServerScheduleListSchema, signal });
export const createServerSchedule = (serverId: string, body: CreateServerScheduleBody) => apiFetch(base(serverId), { method: 'POST', body, schema: ServerScheduleSchema });
export const editServerSchedule = (serverId: string, scheduleId: string, body: EditServerScheduleBody) =>
  apiFetch(`${base(serverId)}/${enc(scheduleId)}`, { method: 'PATCH', body, schema: ServerScheduleSchema });
export const deleteServerSchedule = (serverId: string, scheduleId: string) => apiFetch(`${base(serverId)}/${enc(scheduleId)}`, { method: 'DELETE', schema: z.unknown() });
export const runServerSchedule = (serverId: string, scheduleId: string) => apiFetch(`${base(serverId)}/${enc(scheduleId)}/run`, { method: 'POST', schema: ServerScheduleRunSchema });
export const listServerScheduleRuns = (serverId: string, scheduleId: string, signal?: AbortSignal) =>
  apiFetch(`${base(serverId)}/${enc(scheduleId)}/runs`, { schema: ServerScheduleRunListSchema, signal }).then((r) => r.runs);

/** While a run is under way the tab asks again at this pace, so its outcome shows when it ends. */
export const RUNNING_POLL_MS = 2000;

export const serverScheduleQueries = {
  all: (serverId: string) => [...serverQueries.all(), 'schedules', serverId] as const,
  list: (serverId: string) =>
    queryOptions({ queryKey: [...serverScheduleQueries.all(serverId), 'list'] as const, queryFn: ({ signal }) => listServerSchedules(serverId, signal), staleTime: 0 }),
  runs: (serverId: string, scheduleId: string) =>
    queryOptions({ queryKey: [...serverScheduleQueries.all(serverId), 'runs', scheduleId] as const, queryFn: ({ signal }) => listServerScheduleRuns(serverId, scheduleId, signal), staleTime: 0 }),
};

/** A change to a server's schedules: refetches them and toasts the outcome. */
export function useScheduleMutation<TVariables, TData>(serverId: string, mutationFn: (variables: TVariables) => Promise<TData>, successTitle: (data: TData, variables: TVariables) => string, onSuccess?: () => void) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: serverScheduleQueries.all(serverId) });
      notifications.add({ type: 'success', title: successTitle(data, variables) });
      onSuccess?.();
    },
    onError: (error) => notifications.addError(error),
  });
}
