import type { BillingInterval, ProductPrice } from '@cairn/shared/schemas/billing';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { previewSubscriptionChange } from '../api/billing-queries';
import { useEditSubscription } from '../api/use-billing-mutations';
import { formatBillingAmount } from '../utils/money';
import { amountFor } from '../utils/subscriptions';
import { billingErrorMessage } from '../utils/failure-message';

/** Switching monthly ⇄ yearly: the dry run says what is due now, then the change is made. */
export function IntervalChangeModal({ subscriptionId, interval, price, onClose }: { subscriptionId: string; interval: BillingInterval; price: ProductPrice; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const toasts = useNotifications();
  const preview = useQuery({
    // Outside the `billing` prefix: the change itself must not refetch its own preview.
    queryKey: ['billing-change-preview', subscriptionId, interval],
    queryFn: () => previewSubscriptionChange(subscriptionId, { interval }),
    staleTime: 0,
    gcTime: 0,
  });
  const edit = useEditSubscription({
    onSuccess: () => {
      toasts.add({ type: 'success', title: t('billing.settings.switched') });
      onClose();
    },
    onError: (error) => toasts.addError(error),
  });
  const newAmount = amountFor(price, interval);
  return (
    <Modal
      open
      onClose={onClose}
      title={t('billing.settings.switchTitle')}
      footer={
        <>
          <Button variant="outlined" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="brand" disabled={!preview.data || edit.isPending} onClick={() => edit.mutate({ id: subscriptionId, body: { interval } })}>
            {t('billing.settings.switchConfirm')}
          </Button>
        </>
      }
    >
      {preview.isPending && <p>{t('billing.settings.switchPreviewLoading')}</p>}
      {preview.isError && <FormAlert>{billingErrorMessage(t, preview.error)}</FormAlert>}
      {preview.data && newAmount !== undefined && (
        <p>
          {t('billing.settings.switchPreview', {
            amount: formatBillingAmount(preview.data.amount_due, preview.data.currency_code, locale),
            price: formatBillingAmount(newAmount, price.currency_code, locale),
            interval: t(`billing.intervalWord.${interval}`),
          })}
        </p>
      )}
    </Modal>
  );
}
