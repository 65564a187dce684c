import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunction } from 'react-router';
import { Skeleton, SkeletonRegion } from '../../../components/ui/skeleton';
import { serverQueries } from '../../../features/servers/api/servers-queries';
import { ServerPanel } from '../../../features/servers/components/server-panel';
import { NodeUnavailableScreen, ServerNotFoundScreen } from '../../../features/servers/components/server-screens';
import { HttpError } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await queryClient.prefetchQuery(serverQueries.detail(params.id ?? ''));
    return null;
  };

/** `/servers/manage/:id`: one server's panel; a missing or foreign server is "not found". */
export function Component() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useQuery({ ...serverQueries.detail(id), retry: false, refetchInterval: (q) => (q.state.data && q.state.data.status !== 'available' && q.state.data.status !== 'suspended' ? 5000 : false) });
  useHead({ title: query.data?.name ?? t('servers.manage.title'), noindex: true });
  if (query.isPending)
    return (
      <SkeletonRegion label={t('servers.panel.loading')}>
        <Skeleton height="3rem" />
      </SkeletonRegion>
    );
  if (query.isError) {
    if (query.error instanceof HttpError && (query.error.status === 404 || query.error.status === 403)) return <ServerNotFoundScreen />;
    return <NodeUnavailableScreen onReload={() => void query.refetch()} />;
  }
  return <ServerPanel server={query.data} />;
}
