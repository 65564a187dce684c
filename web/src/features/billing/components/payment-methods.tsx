import type { PaymentMethod } from '@cairn/shared/schemas/billing';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CardActions, CardList, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import type { CardDetails } from '../api/sandbox-client';
import { useAddCard, useMakePaymentMethodPrimary, useRemovePaymentMethod } from '../api/use-billing-mutations';
import { billingErrorMessage } from '../utils/failure-message';
import styles from './billing-settings.module.css';
import { CardBrandIcon } from './card-brand-icon';
import { CardForm } from './card-form';

/** "Visa ending in 4242". */
export function useMethodName(): (method: PaymentMethod) => string {
  const t = useT();
  return (method) => {
    const brand = t(`billing.brand.${method.card?.brand ?? (method.type === 'card' ? 'unknown' : method.type)}`);
    return method.card ? t('billing.settings.methodName', { brand, last4: method.card.last4 }) : brand;
  };
}

/** The saved cards: which one pays by default, and adding or removing one. */
export function PaymentMethods({ methods }: { methods: readonly PaymentMethod[] }) {
  const t = useT();
  const toasts = useNotifications();
  const methodName = useMethodName();
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<PaymentMethod | undefined>();
  const addCard = useAddCard({
    onSuccess: () => {
      setAdding(false);
      toasts.add({ type: 'success', title: t('billing.card.added') });
    },
    onError: (error) => setAddError(billingErrorMessage(t, error)),
  });
  const makePrimary = useMakePaymentMethodPrimary({
    onSuccess: () => toasts.add({ type: 'success', title: t('billing.settings.madePrimary') }),
    onError: (error) => toasts.addError(error),
  });
  const remove = useRemovePaymentMethod({
    onSuccess: () => {
      setRemoving(undefined);
      toasts.add({ type: 'success', title: t('billing.settings.removed') });
    },
    onError: (error) => toasts.addError(error),
  });

  return (
    <>
      <div className={styles.toolbar}>
        <Button color="brand" size="small" onClick={() => setAdding(true)}>
          {t('billing.settings.addCard')}
        </Button>
      </div>
      {methods.length === 0 ? (
        <EmptyState>{t('billing.settings.noMethods')}</EmptyState>
      ) : (
        <CardList>
          {methods.map((method) => {
            const name = methodName(method);
            return (
              <CardListItem
                key={method.id}
                centered
                media={<CardBrandIcon brand={method.card?.brand ?? 'unknown'} />}
                actions={
                  <CardActions>
                    {!method.primary && (
                      <Button size="small" variant="outlined" aria-label={`${t('billing.settings.makePrimary')}: ${name}`} disabled={makePrimary.isPending} onClick={() => makePrimary.mutate(method.id)}>
                        {t('billing.settings.makePrimary')}
                      </Button>
                    )}
                    <Button size="small" variant="outlined" color="red" aria-label={`${t('billing.settings.remove')}: ${name}`} onClick={() => setRemoving(method)}>
                      {t('billing.settings.remove')}
                    </Button>
                  </CardActions>
                }
              >
                <CardTitle>
                  {name} {method.primary && <span className={styles.tag}>{t('billing.settings.primary')}</span>}
                </CardTitle>
                {method.card && <CardMeta>{t('billing.settings.expires', { month: String(method.card.exp_month).padStart(2, '0'), year: method.card.exp_year })}</CardMeta>}
              </CardListItem>
            );
          })}
        </CardList>
      )}
      <Modal
        open={adding}
        onClose={() => {
          setAdding(false);
          setAddError(undefined);
        }}
        title={t('billing.settings.addCard')}
      >
        {adding && (
          <CardForm
            submitLabel={t('billing.card.save')}
            pending={addCard.isPending}
            error={addError}
            onSubmit={(card: CardDetails) => {
              setAddError(undefined);
              addCard.mutate(card);
            }}
          />
        )}
      </Modal>
      <ConfirmModal
        open={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={t('billing.settings.removeTitle')}
        confirmLabel={t('billing.settings.remove')}
        onConfirm={() => removing && remove.mutate(removing.id)}
        pending={remove.isPending}
      >
        <p>{t('billing.settings.removeText', { name: removing ? methodName(removing) : '' })}</p>
      </ConfirmModal>
    </>
  );
}
