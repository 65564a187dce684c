import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { ModerationLayout } from '../../../features/moderation/components/moderation-layout';
import { serverAdminQueries } from '../../../features/servers-admin/api/server-admin-queries';
import { ServersAdmin } from '../../../features/servers-admin/components/servers-admin';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { requireStaff } from '../../../lib/staff-guard';

/** `/servers/admin`: nodes and every server, for admins (the API's node and all-servers routes are); others get the 404 page. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await requireStaff(queryClient, 'admin');
    await Promise.all([queryClient.ensureQueryData(serverAdminQueries.nodes()), queryClient.ensureQueryData(serverAdminQueries.servers())]);
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('servers.admin.title'), noindex: true });
  return (
    <ModerationLayout>
      <ServersAdmin />
    </ModerationLayout>
  );
}
