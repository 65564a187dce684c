import { UserEmailLookup } from '../../../features/moderation/components/user-email-lookup';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

/** `/admin/user_email` (admins, guarded in router.tsx). */
export function Component() {
  const t = useT();
  useHead({ title: t('moderation.userEmail.title'), noindex: true });
  return <UserEmailLookup />;
}
