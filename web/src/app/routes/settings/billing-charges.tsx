import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { billingQueries } from '../../../features/billing/api/billing-queries';
import { ChargesHistory } from '../../../features/billing/components/charges-history';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await Promise.all([queryClient.ensureQueryData(billingQueries.products()), queryClient.ensureQueryData(billingQueries.charges())]);
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('billing.charges.title'), noindex: true });
  return <ChargesHistory />;
}
