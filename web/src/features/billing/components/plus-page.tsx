import { COLLECTION_LIMIT, PLUS_COLLECTION_LIMIT } from '@cairn/shared/schemas/collections';
import type { BillingInterval } from '@cairn/shared/schemas/billing';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/page-icons';
import { IntervalPicker, PlanCard, PlanNote } from '../../../components/ui/plan-card';
import { paths } from '../../../config/paths';
import { signInRedirectHref, useCurrentUser } from '../../../lib/auth';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { billingQueries } from '../api/billing-queries';
import { formatBillingAmount, yearlySavingPercent } from '../utils/money';
import { amountFor, findPrice, plusProduct, priceIn } from '../utils/subscriptions';
import styles from './plus-page.module.css';
import { SubscribeModal } from './subscribe-modal';

/** `/plus`: what Plus gives, its price monthly or yearly, and the way to subscribe. */
export function PlusPage() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { user } = useCurrentUser();
  const { data: products } = useSuspenseQuery(billingQueries.products());
  const { data: subscriptions } = useQuery({ ...billingQueries.subscriptions(), enabled: Boolean(user) });
  const [interval, setInterval] = useState<BillingInterval>('monthly');
  const [subscribing, setSubscribing] = useState(Boolean(user) && searchParams.get('showModal') === 'true');

  const product = plusProduct(products);
  const price = product && priceIn(product);
  const monthly = price ? amountFor(price, 'monthly') : undefined;
  const yearly = price ? amountFor(price, 'yearly') : undefined;
  const hasPlus = Boolean(product && subscriptions?.some((s) => s.subscription.status === 'provisioned' && findPrice([product], s.subscription.price_id)));
  const chosen = interval === 'monthly' ? monthly : yearly;
  const chosenLabel = price && chosen !== undefined ? formatBillingAmount(chosen, price.currency_code, locale) : undefined;

  const perks = [t('billing.plus.perkBadge'), t('billing.plus.perkCollections', { plus: PLUS_COLLECTION_LIMIT, standard: COLLECTION_LIMIT }), t('billing.plus.perkSupport'), t('billing.plus.perkCancel')];

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{t('billing.plus.title')}</h1>
        <p className={styles.headline}>{t('billing.plus.headline')}</p>
        <p className={styles.lede}>{t('billing.plus.lede')}</p>
      </header>
      <section className={styles.card} aria-labelledby="plus-perks">
        <h2 id="plus-perks" className={styles.cardTitle}>
          {t('billing.plus.perksTitle')}
        </h2>
        <ul className={styles.perks}>
          {perks.map((perk) => (
            <li key={perk}>
              <CheckIcon className={styles.check} /> {perk}
            </li>
          ))}
        </ul>
      </section>
      {!product || !price || monthly === undefined ? (
        <PlanCard aria-label={t('billing.plus.subscribe')}>
          <p>{t('billing.plus.unavailable')}</p>
        </PlanCard>
      ) : (
        <PlanCard
          aria-label={t('billing.plus.subscribe')}
          price={chosenLabel && t(interval === 'monthly' ? 'billing.plus.perMonth' : 'billing.plus.perYear', { price: chosenLabel })}
          priceLive
          note={yearly !== undefined && yearlySavingPercent(monthly, yearly) > 0 && <PlanNote tone="green">{t('billing.plus.save', { percent: yearlySavingPercent(monthly, yearly) })}</PlanNote>}
          action={
            hasPlus ? (
              <>
                <p>{t('billing.plus.active')}</p>
                <ButtonLink to={paths.settings.billing.getHref()} color="brand">
                  {t('billing.plus.manage')}
                </ButtonLink>
              </>
            ) : user ? (
              <Button color="brand" size="large" onClick={() => setSubscribing(true)}>
                {t('billing.plus.subscribe')}
              </Button>
            ) : (
              <ButtonLink to={signInRedirectHref({ pathname: location.pathname, search: '?showModal=true' })} color="brand" size="large">
                {t('billing.plus.signInToSubscribe')}
              </ButtonLink>
            )
          }
        >
          <IntervalPicker
            legend={t('billing.plus.interval')}
            name="plus-interval"
            options={(['monthly', 'yearly'] as const).map((option) => ({ value: option, label: t(`billing.plus.${option}`), disabled: option === 'yearly' && yearly === undefined }))}
            value={interval}
            onChange={setInterval}
          />
        </PlanCard>
      )}
      {product && chosenLabel && user && (
        <SubscribeModal open={subscribing && !hasPlus} onClose={() => setSubscribing(false)} product={product} interval={interval} priceLabel={chosenLabel} />
      )}
    </div>
  );
}
