import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { ownNodeQueries } from '../../../features/own-nodes/own-nodes-api';
import { OwnNodesPage } from '../../../features/own-nodes/own-nodes-page';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await queryClient.prefetchQuery(ownNodeQueries.list());
    return null;
  };

/** `/servers/nodes`: "My nodes" (bring your own node). */
export function Component() {
  const t = useT();
  useHead({ title: t('servers.ownNodes.title'), noindex: true });
  return <OwnNodesPage />;
}
