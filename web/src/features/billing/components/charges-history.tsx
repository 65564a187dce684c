import { useSuspenseQueries } from '@tanstack/react-query';
import { SettingsCard, SettingsPageHeader } from '../../../components/layout/settings-page';
import { AppLink } from '../../../components/ui/app-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { billingQueries } from '../api/billing-queries';
import { ChargesTable } from './charges-table';

/** `/settings/billing/charges`: every charge and refund of the account. */
export function ChargesHistory() {
  const t = useT();
  const [{ data: products }, { data: charges }] = useSuspenseQueries({ queries: [billingQueries.products(), billingQueries.charges()] });
  return (
    <>
      <SettingsPageHeader title={t('billing.charges.title')} lede={t('billing.charges.lede')} />
      <p>
        <AppLink to={paths.settings.billing.getHref()}>{t('billing.charges.back')}</AppLink>
      </p>
      <SettingsCard>
        {charges.length === 0 ? <EmptyState>{t('billing.charges.empty')}</EmptyState> : <ChargesTable charges={charges} products={products} caption={t('billing.charges.title')} />}
      </SettingsCard>
    </>
  );
}
