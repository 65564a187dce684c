import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { authQueries } from '../../../features/auth/api/auth-queries';
import { ResetPasswordPage } from '../../../features/auth/components/reset-password';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.prefetchQuery(authQueries.captcha());
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('account.reset.title'), noindex: true });
  return <ResetPasswordPage />;
}
