import { AppOverview } from '../../../features/companion-app/components/app-overview';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export function Component() {
  const t = useT();
  useHead({ title: t('site.app.title'), description: t('site.app.description') });
  return <AppOverview />;
}
