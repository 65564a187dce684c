import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { revenueQueries } from '../../../features/revenue/api/revenue-queries';
import { TransferHistory } from '../../../features/revenue/components/transfer-history';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    // Guests are sent to sign in by the dashboard's guard; their loader asks for nothing.
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await queryClient.ensureQueryData(revenueQueries.history());
    return null;
  };

/** `/dashboard/revenue/transfers`: withdrawals with their status, and the revenue credited. */
export function Component() {
  const t = useT();
  useHead({ title: t('analytics.transfers.heading'), noindex: true });
  return <TransferHistory />;
}
