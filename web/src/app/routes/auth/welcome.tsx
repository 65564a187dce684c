import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { WelcomePage } from '../../../features/auth/components/welcome';
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
  useHead({ title: t('account.welcome.title'), noindex: true });
  return <WelcomePage />;
}
