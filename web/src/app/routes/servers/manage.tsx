import type { Server } from '@cairn/shared/schemas/servers';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useLocation, type LoaderFunction } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SkeletonRegion, Skeleton } from '../../../components/ui/skeleton';
import { ServerList } from '../../../features/servers/components/server-list';
import { ServersLoadError } from '../../../features/servers/components/servers-load-error';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';
import { PURCHASE_POLL_MS, purchaseFrom, usePurchaseWindow } from './purchase-state';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await queryClient.prefetchQuery(serverQueries.list());
    return null;
  };

/** `/servers/manage`: after a purchase it looks every 5 s, for up to a minute, for the new server. */
export function Component() {
  const t = useT();
  useHead({ title: t('servers.manage.title'), noindex: true });
  const location = useLocation();
  const purchase = purchaseFrom(location.state);
  const waiting = usePurchaseWindow(purchase);
  const arrived = (servers: readonly Server[] | undefined) => Boolean(purchase && servers?.some((s) => !purchase.knownIds.includes(s.id)));
  const query = useQuery({ ...serverQueries.list(), refetchInterval: (q) => (waiting && !arrived(q.state.data) ? PURCHASE_POLL_MS : false) });
  if (query.isPending)
    return (
      <SkeletonRegion label={t('servers.manage.loading')}>
        <Skeleton height="6rem" />
      </SkeletonRegion>
    );
  if (query.isError) return <ServersLoadError error={query.error} reload={<Button onClick={() => void query.refetch()}>{t('servers.reload')}</Button>} />;
  return <ServerList servers={query.data} awaitingPurchase={waiting && !arrived(query.data)} />;
}
