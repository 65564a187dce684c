import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { VerifyEmailPage } from '../../../features/auth/components/verify-email';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

/** The page judges "already verified" from the user as they arrive. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(currentUserQuery());
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('account.verify.title'), noindex: true });
  return <VerifyEmailPage />;
}
