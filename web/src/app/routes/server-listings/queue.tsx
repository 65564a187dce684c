import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { ModerationLayout } from '../../../features/moderation/components/moderation-layout';
import { serverListingQueries } from '../../../features/server-listings/api/server-listings-queries';
import { ServerListingQueue } from '../../../features/server-listings/components/server-listing-queue';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { requireStaff } from '../../../lib/staff-guard';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await requireStaff(queryClient);
    await queryClient.ensureQueryData(serverListingQueries.queue());
    return null;
  };

/** `/moderation/server-listings`: the listings waiting for review (moderators; everyone else gets the 404 page). */
export function Component() {
  const t = useT();
  useHead({ title: t('serverListings.moderation.title'), noindex: true });
  return (
    <ModerationLayout>
      <ServerListingQueue />
    </ModerationLayout>
  );
}
