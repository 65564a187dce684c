import { FeatureFlagList } from '../../../features/feature-flags/components/feature-flag-list';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

/** `/flags`: open to everyone, linked from the footer in developer mode. */
export function Component() {
  const t = useT();
  useHead({ title: t('site.flags.title'), description: t('site.flags.description'), noindex: true });
  return <FeatureFlagList />;
}
