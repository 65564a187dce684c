import type { ServerActivityKind, ServerMemberRole, ServerPermission } from '@cairn/shared/constants/server-permissions';
import { ServerActivityPageSchema, ServerMemberSchema } from '@cairn/shared/schemas/server-members';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { useNotifications } from '../../../lib/notifications-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';

const enc = encodeURIComponent;

export interface MemberRoleChoice {
  role: ServerMemberRole;
  /** Only for `custom`. */
  permissions?: ServerPermission[];
}

export const inviteServerMember = (id: string, body: { username: string } & MemberRoleChoice) =>
  apiFetch(`/v2/servers/${enc(id)}/members`, { method: 'POST', body, schema: ServerMemberSchema });
export const editServerMember = (id: string, user: string, body: MemberRoleChoice) =>
  apiFetch(`/v2/servers/${enc(id)}/members/${enc(user)}`, { method: 'PATCH', body, schema: ServerMemberSchema });
export const removeServerMember = (id: string, user: string) => apiFetch(`/v2/servers/${enc(id)}/members/${enc(user)}`, { method: 'DELETE', schema: z.unknown() });

export interface ActivityFilters {
  actor?: string;
  kind?: ServerActivityKind;
}

export const listServerActivity = (id: string, filters: ActivityFilters, cursor: string | undefined, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: '25' });
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.kind) query.set('kind', filters.kind);
  if (cursor) query.set('cursor', cursor);
  return apiFetch(`/v2/servers/${enc(id)}/activity?${query.toString()}`, { schema: ServerActivityPageSchema, signal });
};

/** The activity log, a page at a time (keyset pages: each page names the next). */
export const serverActivityQuery = (id: string, filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: [...serverQueries.all(), 'activity', id, filters] as const,
    queryFn: ({ pageParam, signal }) => listServerActivity(id, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    staleTime: 0,
  });

/** A change to the members: refetches the server's queries (members, activity) and toasts the outcome. */
export function useMemberMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>, successTitle: (variables: TVariables) => string, onSuccess?: () => void) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  return useMutation({
    mutationFn,
    onSuccess: async (_data, variables) => {
      await queryClient.invalidateQueries({ queryKey: serverQueries.all() });
      notifications.add({ type: 'success', title: successTitle(variables) });
      onSuccess?.();
    },
    onError: (error) => notifications.addError(error),
  });
}
