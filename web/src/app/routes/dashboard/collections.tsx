import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { collectionQueries } from '../../../features/collections/api/collections-queries';
import { DashboardCollections } from '../../../features/collections/components/dashboard-collections';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

/** `/dashboard/collections` (signed-in only, see router.tsx). */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const me = await queryClient.ensureQueryData(currentUserQuery());
    if (me) await Promise.all([queryClient.ensureQueryData(collectionQueries.ofUser(me.id)), queryClient.ensureQueryData(collectionQueries.following(me.id))]);
    return null;
  };

export function Component() {
  const t = useT();
  const { data: me } = useSuspenseQuery(currentUserQuery());
  const userId = me?.id ?? '';
  const { data: collections } = useSuspenseQuery(collectionQueries.ofUser(userId));
  const { data: following } = useSuspenseQuery(collectionQueries.following(userId));
  useHead({ title: t('collections.dashboard.title') });
  return <DashboardCollections collections={collections} followingCount={following.length} />;
}
