import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { billingQueries } from '../../../features/billing/api/billing-queries';
import { BillingSettings } from '../../../features/billing/components/billing-settings';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await Promise.all([
      queryClient.ensureQueryData(billingQueries.products()),
      queryClient.ensureQueryData(billingQueries.subscriptions()),
      queryClient.ensureQueryData(billingQueries.charges()),
      queryClient.ensureQueryData(billingQueries.paymentMethods()),
    ]);
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('billing.settings.title'), noindex: true });
  return <BillingSettings />;
}
