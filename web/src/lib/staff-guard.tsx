import type { QueryClient } from '@tanstack/react-query';
import { data } from 'react-router';
import { currentUserQuery } from './auth';

/** Who may open staff pages: moderators and admins, or admins only. */
export type StaffLevel = 'moderator' | 'admin';

export function isStaff(role: string | undefined, level: StaffLevel = 'moderator'): boolean {
  return role === 'admin' || (level === 'moderator' && role === 'moderator');
}

/** For staff pages' loaders: whether to fetch (false for everyone `requireStaff` turns away). */
export async function staffMayLoad(queryClient: QueryClient, level: StaffLevel = 'moderator'): Promise<boolean> {
  return isStaff((await queryClient.ensureQueryData(currentUserQuery()))?.role, level);
}

/**
 * For the loaders of staff pages: everyone but staff gets the site's 404 page, as for a page that
 * does not exist. The check lives in the pages' lazy code, so the shell does not carry it.
 */
export async function requireStaff(queryClient: QueryClient, level: StaffLevel = 'moderator'): Promise<void> {
  if (!(await staffMayLoad(queryClient, level))) throw data('Not found', { status: 404 });
}
