import { Outlet } from 'react-router';
import { DashboardLayout } from '../../../features/dashboard/components/dashboard-layout';

/** `/dashboard/*` (signed-in only, see router.tsx): the dashboard navigation around its pages. */
export function Component() {
  return (
    <DashboardLayout>
      <Outlet />
    </DashboardLayout>
  );
}
