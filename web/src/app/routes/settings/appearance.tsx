import { AppearancePage } from '../../../features/settings/components/appearance';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export function Component() {
  const t = useT();
  useHead({ title: t('account.appearance.title'), noindex: true });
  return <AppearancePage />;
}
