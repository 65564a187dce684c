import type { QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunction } from 'react-router';
import { moderationQueries } from '../../../features/moderation/api/moderation-queries';
import { ModerationLog } from '../../../features/moderation/components/moderation-log';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

const pageFrom = (search: URLSearchParams) => {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
};

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    await queryClient.ensureQueryData(moderationQueries.log(pageFrom(new URL(request.url).searchParams)));
    return null;
  };

/** `/moderation/log`: public. */
export function Component() {
  const t = useT();
  useHead({ title: t('moderation.log.title'), description: t('moderation.log.lede') });
  const [search, setSearch] = useSearchParams();
  return <ModerationLog page={pageFrom(search)} onPage={(page) => setSearch(page > 1 ? { page: String(page) } : {})} />;
}
