import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@cairn/shared/schemas/users';
import { data, Outlet, type LoaderFunction, type RouteObject } from 'react-router';
import { currentUserQuery, useCurrentUser } from './auth';

/** Moderators and admins: the staff pages' audience. */
export const isStaff = (user: User | null | undefined): boolean => user?.role === 'moderator' || user?.role === 'admin';

/** Everyone else gets the site's 404 page, exactly as for a page that does not exist. */
const createStaffGuardLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (!isStaff(user)) throw data('Not found', { status: 404 });
    return null;
  };

/** Leaves the page empty if the staff member signs out in another tab. */
function RequireStaff() {
  const { user } = useCurrentUser();
  return isStaff(user) ? <Outlet /> : null;
}

/** A pathless route around staff pages (`/moderation/*`): nest them as its children. */
export function staffGuardRoute(queryClient: QueryClient, children: RouteObject[], id?: string): RouteObject {
  return { id, loader: createStaffGuardLoader(queryClient), element: <RequireStaff />, children };
}
