import { useSuspenseQuery } from '@tanstack/react-query';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { revenueQueries } from '../api/revenue-queries';
import { PaypalAccount } from './paypal-account';
import { VenmoHandleForm } from './venmo-handle-form';
import revenue from './revenue.module.css';
import styles from './payout-methods.module.css';

export const PAYOUT_METHODS_ANCHOR = 'payout-methods';

/** The revenue page's "Payout methods": where PayPal, email (gift card or bank) and Venmo withdrawals go. */
export function PayoutMethodsCard() {
  const t = useT();
  const { data: accounts } = useSuspenseQuery(revenueQueries.accounts());
  const email = accounts.email;
  return (
    <section id={PAYOUT_METHODS_ANCHOR} className={revenue.card} aria-labelledby="payout-methods-heading">
      <h2 id="payout-methods-heading">{t('analytics.payoutMethods.heading')}</h2>
      <p className={revenue.muted}>{t('analytics.payoutMethods.intro')}</p>
      <ul className={styles.methods}>
        <li className={styles.method}>
          <h3>{t('analytics.payoutMethods.paypal')}</h3>
          <PaypalAccount paypal={accounts.paypal} />
        </li>
        <li className={styles.method}>
          <h3>{t('analytics.payoutMethods.email')}</h3>
          {email?.verified ? (
            <p className={revenue.muted}>{t('analytics.payoutMethods.emailSentTo', { email: email.address })}</p>
          ) : (
            <>
              <p className={revenue.muted}>{email ? t('analytics.payoutMethods.emailUnverified', { email: email.address }) : t('analytics.payoutMethods.emailMissing')}</p>
              <AppLink to={paths.settings.account.getHref()}>{t('analytics.payoutMethods.emailFix')}</AppLink>
            </>
          )}
        </li>
        <li className={styles.method}>
          <h3>{t('analytics.payoutMethods.venmo')}</h3>
          <VenmoHandleForm venmo={accounts.venmo} />
        </li>
      </ul>
    </section>
  );
}
