import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { ProfileSettings } from '../../../features/settings/components/profile';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(currentUserQuery());
    return null;
  };

export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('account.profile.title'), noindex: true });
  // The auth guard above keeps this page for signed-in users only.
  return user ? <ProfileSettings key={user.id} user={user} /> : null;
}
