import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { revenueQueries } from '../../../features/revenue/api/revenue-queries';
import { RevenueOverview } from '../../../features/revenue/components/revenue-overview';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    // Guests are sent to sign in by the dashboard's guard; their loader asks for nothing.
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await Promise.all([
      queryClient.ensureQueryData(revenueQueries.balance()),
      queryClient.ensureQueryData(revenueQueries.history()),
      queryClient.ensureQueryData(revenueQueries.accounts()),
    ]);
    return null;
  };

/** `/dashboard/revenue`: balance, pending releases, withdraw and transfer links, payout methods. */
export function Component() {
  const t = useT();
  useHead({ title: t('analytics.revenue.heading'), noindex: true });
  return <RevenueOverview />;
}
