import { Outlet } from 'react-router';
import type { RouteHandle } from '../../../components/layout/route-handle';
import { isLauncherVisit } from '../../../features/auth/utils/launcher';

/** The launcher-auth guard (spec §2): `?launcher` shows /auth pages alone, without the site around them. */
export const handle: RouteHandle = {
  layout: (location) => (isLauncherVisit(location.search) ? 'empty' : 'default'),
};

export function Component() {
  return <Outlet />;
}
