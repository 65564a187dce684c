import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { serverAdminQueries } from '../../../features/servers-admin/api/server-admin-queries';
import { serverNoticeQueries } from '../../../features/servers-admin/api/server-notices-queries';
import { NoticesAdmin } from '../../../features/servers-admin/components/notices-admin';
import { ModerationLayout } from '../../../features/moderation/components/moderation-layout';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { requireStaff } from '../../../lib/staff-guard';

/** `/admin/servers/notices`: admins only (the notices API is); everyone else gets the 404 page. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await requireStaff(queryClient, 'admin');
    await Promise.all([
      queryClient.ensureQueryData(serverNoticeQueries.list()),
      queryClient.ensureQueryData(serverAdminQueries.nodes()),
      queryClient.ensureQueryData(serverAdminQueries.servers()),
    ]);
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('servers.notices.title'), noindex: true });
  return (
    <ModerationLayout>
      <NoticesAdmin />
    </ModerationLayout>
  );
}
