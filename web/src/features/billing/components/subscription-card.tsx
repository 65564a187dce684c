import type { BillingInterval, Charge, PaymentMethod, Product, SubscriptionEntry } from '@cairn/shared/schemas/billing';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CardActions, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormAlert } from '../../../components/ui/form';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useEditSubscription } from '../api/use-billing-mutations';
import { useBillingDate } from '../hooks/use-billing-date';
import { usePaymentFlow } from '../hooks/use-payment-flow';
import { useProductName } from '../hooks/use-product-name';
import { formatBillingAmount } from '../utils/money';
import { amountFor, findPrice } from '../utils/subscriptions';
import { IntervalChangeModal } from './interval-change-modal';
import { PaymentConfirmationDialog } from './payment-confirmation-dialog';
import { SubscriptionServer } from './subscription-server';
import styles from './billing-settings.module.css';

interface SubscriptionCardProps {
  entry: SubscriptionEntry;
  products: readonly Product[];
  next: Charge | undefined;
  primaryMethod: PaymentMethod | undefined;
}

/** One subscription: what it is, what it costs, when it next charges or ends, and what can be done. */
export function SubscriptionCard({ entry, products, next, primaryMethod }: SubscriptionCardProps) {
  const t = useT();
  const locale = useLocale();
  const toasts = useNotifications();
  const formatDate = useBillingDate();
  const productName = useProductName();
  const { subscription } = entry;
  const info = findPrice(products, subscription.price_id);
  const amount = info ? amountFor(info.price, subscription.interval) : undefined;
  const name = productName(info?.product);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [switchingTo, setSwitchingTo] = useState<BillingInterval | undefined>();
  const edit = useEditSubscription({
    onSuccess: (_data, { body }) => {
      setConfirmingCancel(false);
      toasts.add({ type: 'success', title: body.cancelled ? t('billing.settings.cancelled') : t('billing.settings.resubscribed') });
    },
    onError: (error) => toasts.addError(error),
  });
  const retry = usePaymentFlow({ onSucceeded: () => toasts.add({ type: 'success', title: t('billing.settings.retried') }) });

  // `expiring`: cancelled while the period runs; `cancelled`: its period has ended (or it had failed).
  const cancelled = next?.status === 'cancelled' || next?.status === 'expiring';
  const provisioned = subscription.status === 'provisioned';
  const otherInterval: BillingInterval = subscription.interval === 'monthly' ? 'yearly' : 'monthly';
  const canSwitch = Boolean(info && amountFor(info.price, otherInterval) !== undefined) && provisioned && !cancelled && next?.status !== 'failed';

  let state: string;
  if (!next) state = provisioned ? t('billing.settings.since', { date: formatDate(subscription.created) }) : t('billing.settings.inactive');
  else if (next.status === 'expiring' || (next.status === 'cancelled' && provisioned)) state = t('billing.settings.endsOn', { date: formatDate(next.due) });
  else if (next.status === 'cancelled') state = t('billing.settings.inactive');
  else if (next.status === 'failed') state = t('billing.settings.failed');
  else if (next.status === 'processing') state = t('billing.settings.processing');
  else state = t('billing.settings.renews', { date: formatDate(next.due) });

  const actions = (
    <CardActions>
      {next?.status === 'failed' && primaryMethod && (
        <Button size="small" color="brand" disabled={retry.stage.kind === 'paying'} onClick={() => retry.pay({ payment_method_id: primaryMethod.id, charge: { type: 'existing', id: next.id } })}>
          {t('billing.settings.retry')}
        </Button>
      )}
      {cancelled && (
        <Button size="small" color="brand" disabled={edit.isPending} onClick={() => edit.mutate({ id: subscription.id, body: { cancelled: false } })}>
          {t('billing.settings.resubscribe')}
        </Button>
      )}
      {canSwitch && (
        <Button size="small" variant="outlined" onClick={() => setSwitchingTo(otherInterval)}>
          {t('billing.settings.switchTo', { interval: t(`billing.intervalWord.${otherInterval}`) })}
        </Button>
      )}
      {provisioned && !cancelled && (
        <Button size="small" variant="outlined" color="red" onClick={() => setConfirmingCancel(true)}>
          {t('billing.settings.cancel')}
        </Button>
      )}
    </CardActions>
  );

  return (
    <CardListItem actions={actions}>
      <CardTitle>{name}</CardTitle>
      <SubscriptionServer entry={entry} />
      {info && amount !== undefined && (
        <CardMeta>{t('billing.settings.priceLine', { price: formatBillingAmount(amount, info.price.currency_code, locale), interval: t(`billing.intervalWord.${subscription.interval}`) })}</CardMeta>
      )}
      <p className={next?.status === 'failed' ? styles.failed : styles.state}>{state}</p>
      {retry.stage.kind === 'failed' && <FormAlert>{retry.stage.message}</FormAlert>}
      <ConfirmModal
        open={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        title={t('billing.settings.cancelTitle')}
        confirmLabel={t('billing.settings.cancelConfirm')}
        onConfirm={() => edit.mutate({ id: subscription.id, body: { cancelled: true } })}
        pending={edit.isPending}
      >
        <p>{next ? t('billing.settings.cancelText', { date: formatDate(next.due) }) : t('billing.settings.cancelTextNoDate')}</p>
      </ConfirmModal>
      {switchingTo && info && (
        <IntervalChangeModal subscriptionId={subscription.id} interval={switchingTo} price={info.price} onClose={() => setSwitchingTo(undefined)} />
      )}
      <PaymentConfirmationDialog open={retry.stage.kind === 'authenticating'} pending={retry.answering} onAnswer={retry.answer} />
    </CardListItem>
  );
}
