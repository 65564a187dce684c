import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { revenueQueries } from '../../../features/revenue/api/revenue-queries';
import { WithdrawForm } from '../../../features/revenue/components/withdraw-form';
import { initialRegion } from '../../../features/revenue/utils/payout-region';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    // Guests are sent to sign in by the dashboard's guard; their loader asks for nothing.
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await Promise.all([
      queryClient.ensureQueryData(revenueQueries.methods(initialRegion())),
      queryClient.ensureQueryData(revenueQueries.balance()),
      queryClient.ensureQueryData(revenueQueries.accounts()),
    ]);
    return null;
  };

/** `/dashboard/revenue/withdraw`: region, method, amount, fee preview and confirmation. */
export function Component() {
  const t = useT();
  useHead({ title: t('analytics.withdraw.heading'), noindex: true });
  return <WithdrawForm />;
}
