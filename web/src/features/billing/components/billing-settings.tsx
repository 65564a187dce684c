import { useSuspenseQueries } from '@tanstack/react-query';
import { SettingsPageHeader, SettingsSection } from '../../../components/layout/settings-page';
import { ButtonLink } from '../../../components/ui/button';
import { CardList } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { billingQueries } from '../api/billing-queries';
import { nextCharge } from '../utils/subscriptions';
import styles from './billing-settings.module.css';
import { PaymentMethods } from './payment-methods';
import { SubscriptionCard } from './subscription-card';

/** `/settings/billing`: subscriptions with their next charge, and the saved payment methods. */
export function BillingSettings() {
  const t = useT();
  const [{ data: products }, { data: subscriptions }, { data: charges }, { data: methods }] = useSuspenseQueries({
    queries: [billingQueries.products(), billingQueries.subscriptions(), billingQueries.charges(), billingQueries.paymentMethods()],
  });
  const primary = methods.find((m) => m.primary) ?? methods[0];
  return (
    <>
      <SettingsPageHeader title={t('billing.settings.title')} lede={t('billing.settings.lede')} />
      <SettingsSection title={t('billing.settings.subscriptions')} id="billing-subscriptions">
        {subscriptions.length === 0 ? (
          <EmptyState>
            <p>{t('billing.settings.noSubscriptions')}</p>
            <ButtonLink to={paths.plus.getHref()} color="brand" size="small">
              {t('billing.settings.getPlus')}
            </ButtonLink>
          </EmptyState>
        ) : (
          <CardList>
            {subscriptions.map((entry) => (
              <SubscriptionCard key={entry.subscription.id} entry={entry} products={products} next={nextCharge(entry.subscription.id, charges)} primaryMethod={primary} />
            ))}
          </CardList>
        )}
      </SettingsSection>
      <SettingsSection title={t('billing.settings.methods')} id="billing-methods">
        <PaymentMethods methods={methods} />
        <p className={styles.chargesLink}>
          <AppLink to={paths.settings.charges.getHref()}>{t('billing.settings.viewCharges')}</AppLink>
        </p>
      </SettingsSection>
    </>
  );
}
