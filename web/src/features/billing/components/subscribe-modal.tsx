import type { BillingInterval, Product } from '@cairn/shared/schemas/billing';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldLabel, FormAlert } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { Skeleton, SkeletonLayout, SkeletonRegion } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { billingQueries } from '../api/billing-queries';
import type { CardDetails } from '../api/sandbox-client';
import { useAddCard } from '../api/use-billing-mutations';
import { usePaymentFlow, type PaymentChargeExtras } from '../hooks/use-payment-flow';
import { CardBrandIcon } from './card-brand-icon';
import { CardForm } from './card-form';
import { PaymentConfirmationDialog } from './payment-confirmation-dialog';
import styles from './subscribe-modal.module.css';

interface SubscribeModalProps {
  open: boolean;
  onClose: () => void;
  product: Product;
  interval: BillingInterval;
  /** The price as shown, e.g. "$4.99". */
  priceLabel: string;
  /** The dialog's title ("Subscribe to Plus" when omitted). */
  title?: string;
  /** What is bought, as shown in the summary (Plus when omitted). */
  productName?: string;
  /** Purchase fields a product needs besides its price, e.g. a server plan's `server`. */
  chargeExtras?: PaymentChargeExtras;
  /** Replaces the Plus toast and closing, e.g. to go on to the bought thing. */
  onSucceeded?: () => void;
}

const NEW_CARD = 'new';

/** Pays for a product (Plus, a server plan) with a saved card or a new one, through the processor's confirmation step when it asks. */
export function SubscribeModal({ open, onClose, product, interval, priceLabel, title, productName, chargeExtras, onSucceeded }: SubscribeModalProps) {
  const t = useT();
  const toasts = useNotifications();
  const { data: methods, isError: methodsFailed } = useQuery({ ...billingQueries.paymentMethods(), enabled: open });
  // The choice waits for the saved cards: a card form shown before them would be swapped for the
  // saved card while someone types into it.
  const methodsKnown = methods !== undefined || methodsFailed;
  const [choice, setChoice] = useState<string | undefined>();
  const selected = choice ?? methods?.find((m) => m.primary)?.id ?? methods?.[0]?.id ?? NEW_CARD;
  const flow = usePaymentFlow({
    onSucceeded: () => {
      if (onSucceeded) return onSucceeded();
      toasts.add({ type: 'success', title: t('billing.subscribe.done'), text: t('billing.subscribe.doneText') });
      onClose();
    },
  });
  const addCard = useAddCard({ onError: (error) => flow.fail(error) });
  const busy = flow.stage.kind === 'paying' || addCard.isPending;

  const payWith = (paymentMethodId: string) => flow.pay({ payment_method_id: paymentMethodId, charge: { type: 'new', product_id: product.id, interval, ...chargeExtras } });
  const payWithNewCard = (card: CardDetails) => {
    flow.start();
    addCard.mutate(card, { onSuccess: (id) => payWith(id) });
  };

  const close = () => {
    if (busy) return;
    flow.reset();
    setChoice(undefined);
    onClose();
  };
  const payLabel = t('billing.subscribe.pay', { price: priceLabel });

  return (
    <>
      <Modal open={open && flow.stage.kind !== 'authenticating'} onClose={close} title={title ?? t('billing.subscribe.title')}>
        <div className={styles.body}>
          <p className={styles.summary}>
            {t('billing.subscribe.summary', { product: productName ?? t('billing.plus.name'), interval: t(`billing.intervalWord.${interval}`), price: priceLabel })}
          </p>
          {methods && methods.length > 0 && (
            <fieldset className={styles.methods}>
              <FieldLabel as="legend">
                {t('billing.subscribe.method')}
              </FieldLabel>
              {methods.map((method) => {
                const brand = method.card?.brand ?? 'unknown';
                return (
                  <label key={method.id} className={styles.method}>
                    <input type="radio" name="payment-method" value={method.id} checked={selected === method.id} onChange={() => setChoice(method.id)} />
                    <CardBrandIcon brand={brand} />
                    <span>{method.card ? t('billing.settings.methodName', { brand: t(`billing.brand.${brand}`), last4: method.card.last4 }) : t(`billing.brand.${brand}`)}</span>
                  </label>
                );
              })}
              <label className={styles.method}>
                <input type="radio" name="payment-method" value={NEW_CARD} checked={selected === NEW_CARD} onChange={() => setChoice(NEW_CARD)} />
                <span>{t('billing.subscribe.newCard')}</span>
              </label>
            </fieldset>
          )}
          {flow.stage.kind === 'processing' && <FormAlert tone="info">{t('billing.subscribe.processing')}</FormAlert>}
          {!methodsKnown ? (
            <SkeletonRegion label={t('shell.loading')}>
              <SkeletonLayout kind="stack">
                <Skeleton height="2.5rem" />
                <Skeleton height="2.5rem" />
                <Skeleton height="2.5rem" />
              </SkeletonLayout>
            </SkeletonRegion>
          ) : selected === NEW_CARD ? (
            <CardForm
              onSubmit={payWithNewCard}
              submitLabel={payLabel}
              pendingLabel={t('billing.subscribe.paying')}
              pending={busy}
              error={flow.stage.kind === 'failed' ? flow.stage.message : undefined}
            />
          ) : (
            <>
              {flow.stage.kind === 'failed' && <FormAlert>{flow.stage.message}</FormAlert>}
              <div className={styles.actions}>
                <Button color="brand" disabled={busy} onClick={() => payWith(selected)}>
                  {busy ? t('billing.subscribe.paying') : payLabel}
                </Button>
              </div>
            </>
          )}
        </div>
      </Modal>
      <PaymentConfirmationDialog open={open && flow.stage.kind === 'authenticating'} pending={flow.answering} onAnswer={flow.answer} />
    </>
  );
}
