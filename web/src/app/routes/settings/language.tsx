import { LanguagePage } from '../../../features/settings/components/language';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export function Component() {
  const t = useT();
  useHead({ title: t('account.language.title'), noindex: true });
  return <LanguagePage />;
}
