import { FrogScene } from '../../../features/frog/components/frog-scene';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export function Component() {
  const t = useT();
  useHead({ title: t('site.frog.title'), description: t('site.frog.description') });
  return <FrogScene />;
}
