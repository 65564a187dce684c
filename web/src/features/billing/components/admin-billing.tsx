import type { Charge } from '@cairn/shared/schemas/billing';
import { useSuspenseQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CardActions, CardList, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { useT } from '../../../lib/i18n/i18n-provider';
import { billingQueries } from '../api/billing-queries';
import { useBillingDate } from '../hooks/use-billing-date';
import { useProductName } from '../hooks/use-product-name';
import { findPrice } from '../utils/subscriptions';
import styles from './admin-billing.module.css';
import { ChargesTable } from './charges-table';
import { CreditModal } from './credit-modal';
import { RefundModal } from './refund-modal';
import { SubscriptionServer } from './subscription-server';

/** `/admin/billing/{user}` (staff): a user's subscriptions and charges, with refunds and credits. */
export function AdminBilling({ userId, username }: { userId: string; username: string }) {
  const t = useT();
  const formatDate = useBillingDate();
  const productName = useProductName();
  const [{ data: products }, { data: subscriptions }, { data: charges }] = useSuspenseQueries({
    queries: [billingQueries.products(), billingQueries.subscriptions(userId), billingQueries.charges(userId)],
  });
  const [refunding, setRefunding] = useState<Charge | undefined>();
  const [crediting, setCrediting] = useState<string | undefined>();
  const refundable = (charge: Charge) => charge.status === 'succeeded' && charge.type !== 'refund' && charge.amount > 0;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('billing.admin.title', { username })}</h1>
      <section className={styles.section} aria-labelledby="admin-billing-subscriptions">
        <h2 id="admin-billing-subscriptions">{t('billing.admin.subscriptions', { username })}</h2>
        {subscriptions.length === 0 ? (
          <EmptyState>{t('billing.admin.noSubscriptions')}</EmptyState>
        ) : (
          <CardList>
            {subscriptions.map((entry) => (
              <CardListItem
                key={entry.subscription.id}
                centered
                actions={
                  <CardActions>
                    <Button size="small" variant="outlined" onClick={() => setCrediting(entry.subscription.id)}>
                      {t('billing.admin.credit')}
                    </Button>
                  </CardActions>
                }
              >
                <CardTitle>{productName(findPrice(products, entry.subscription.price_id)?.product)}</CardTitle>
                <SubscriptionServer entry={entry} />
                <CardMeta>
                  {t(`billing.intervalWord.${entry.subscription.interval}`)} · {entry.subscription.status} · {t('billing.admin.created', { date: formatDate(entry.subscription.created) })}
                </CardMeta>
              </CardListItem>
            ))}
          </CardList>
        )}
      </section>
      <section className={styles.section} aria-labelledby="admin-billing-charges">
        <h2 id="admin-billing-charges">{t('billing.admin.charges')}</h2>
        {charges.length === 0 ? (
          <EmptyState>{t('billing.admin.noCharges')}</EmptyState>
        ) : (
          <ChargesTable
            charges={charges}
            products={products}
            caption={t('billing.admin.charges')}
            extra={(charge) =>
              refundable(charge) ? (
                <Button size="small" variant="outlined" color="red" onClick={() => setRefunding(charge)}>
                  {t('billing.admin.refund')}
                </Button>
              ) : charge.last_attempt ? (
                <span className={styles.muted}>{t('billing.admin.lastAttempt', { date: formatDate(charge.last_attempt) })}</span>
              ) : null
            }
          />
        )}
      </section>
      {refunding && <RefundModal charge={refunding} onClose={() => setRefunding(undefined)} />}
      {crediting && <CreditModal subscriptionId={crediting} onClose={() => setCrediting(undefined)} />}
    </div>
  );
}
