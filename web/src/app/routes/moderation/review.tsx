import type { QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigation, useSearchParams, type LoaderFunction } from 'react-router';
import { moderationQueries, type QueueFilters } from '../../../features/moderation/api/moderation-queries';
import { queueFiltersFrom, queueSearchFrom, ReviewQueue } from '../../../features/moderation/components/review-queue';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { staffMayLoad } from '../../../lib/staff-guard';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    if (await staffMayLoad(queryClient)) await queryClient.ensureQueryData(moderationQueries.queue(queueFiltersFrom(new URL(request.url).searchParams)));
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('moderation.queue.title'), noindex: true });
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const filters = queueFiltersFrom(search);
  // A change made while the previous one is still loading builds on that one, not on the page shown.
  const pending = navigation.location?.pathname === location.pathname ? new URLSearchParams(navigation.location.search) : search;
  const change = (patch: Partial<QueueFilters>) => setSearch(queueSearchFrom({ ...queueFiltersFrom(pending), ...patch }));
  return <ReviewQueue key={filters.query} filters={filters} onChange={change} />;
}
