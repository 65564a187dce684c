import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunction } from 'react-router';
import { billingQueries } from '../../../features/billing/api/billing-queries';
import { AdminBilling } from '../../../features/billing/components/admin-billing';
import { userQueries } from '../../../features/users/api/users-queries';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { requireStaff } from '../../../lib/staff-guard';

/** `/admin/billing/{user id or name}`: admins only (the API's billing admin routes are); everyone else gets the 404 page. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    await requireStaff(queryClient, 'admin');
    const user = await queryClient.ensureQueryData(userQueries.detail(params.userId ?? ''));
    await Promise.all([
      queryClient.ensureQueryData(billingQueries.products()),
      queryClient.ensureQueryData(billingQueries.subscriptions(user.id)),
      queryClient.ensureQueryData(billingQueries.charges(user.id)),
    ]);
    return null;
  };

export function Component() {
  const t = useT();
  const params = useParams();
  const { data: user } = useSuspenseQuery(userQueries.detail(params.userId ?? ''));
  useHead({ title: t('billing.admin.title', { username: user.username }), noindex: true });
  return <AdminBilling userId={user.id} username={user.username} />;
}
