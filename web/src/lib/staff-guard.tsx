import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunction, type RouteObject } from 'react-router';
import { currentUserQuery } from './auth';

/** Who may open staff pages: moderators and admins, or admins only. */
export type StaffLevel = 'moderator' | 'admin';

export function isStaff(role: string | undefined, level: StaffLevel = 'moderator'): boolean {
  return role === 'admin' || (level === 'moderator' && role === 'moderator');
}

/** Visitors and members who are not staff get the site's 404 page, as if the page did not exist. */
const createStaffGuardLoader =
  (queryClient: QueryClient, level: StaffLevel): LoaderFunction =>
  async () => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (!isStaff(user?.role, level)) throw data('Not found', { status: 404 });
    return null;
  };

/** A pathless route around staff pages; their own loaders should check `isStaff` before fetching. */
export function staffGuardRoute(queryClient: QueryClient, children: RouteObject[], level: StaffLevel = 'moderator', id?: string): RouteObject {
  return { id, loader: createStaffGuardLoader(queryClient, level), children };
}

/** For staff pages' loaders: whether to fetch (false for everyone the guard turns away). */
export async function staffMayLoad(queryClient: QueryClient, level: StaffLevel = 'moderator'): Promise<boolean> {
  return isStaff((await queryClient.ensureQueryData(currentUserQuery()))?.role, level);
}

/** For the loaders of staff pages that carry the check themselves (no guard route around them). */
export async function requireStaff(queryClient: QueryClient, level: StaffLevel = 'moderator'): Promise<void> {
  if (!(await staffMayLoad(queryClient, level))) throw data('Not found', { status: 404 });
}
