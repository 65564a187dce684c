import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { notificationSettingsQueries } from '../../../features/settings/api/notification-settings';
import { NotificationSettingsPage } from '../../../features/settings/components/notification-settings';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (user) await queryClient.ensureQueryData(notificationSettingsQueries.detail(user.id));
    return null;
  };

export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('account.notifications.title'), noindex: true });
  return user ? <NotificationSettingsPage user={user} /> : null;
}
