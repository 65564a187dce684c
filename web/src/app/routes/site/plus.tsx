import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { billingQueries } from '../../../features/billing/api/billing-queries';
import { PlusPage } from '../../../features/billing/components/plus-page';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(billingQueries.products());
    return null;
  };

/** `/plus`: open to everyone; subscribing needs an account. */
export function Component() {
  const t = useT();
  useHead({ title: t('billing.plus.title'), description: t('billing.plus.headline') });
  return <PlusPage />;
}
