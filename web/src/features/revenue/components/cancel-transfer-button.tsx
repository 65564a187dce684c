import type { Withdrawal } from '@cairn/shared/schemas/payouts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useCancelTransfer } from '../api/use-revenue-mutations';
import { useDateText } from '../hooks/use-date-text';
import { formatCents } from '../utils/money';

/** Cancels a transfer still in transit, after asking. */
export function CancelTransferButton({ transfer }: { transfer: Withdrawal }) {
  const t = useT();
  const locale = useLocale();
  const dateText = useDateText();
  const toasts = useNotifications();
  const [open, setOpen] = useState(false);
  const cancel = useCancelTransfer({
    onSuccess: () => {
      setOpen(false);
      toasts.add({ type: 'success', title: t('analytics.transfers.cancelling') });
    },
    onError: (error) => toasts.addError(error),
  });
  return (
    <>
      <Button size="small" variant="outlined" color="red" onClick={() => setOpen(true)}>
        {t('analytics.transfers.cancel')}
      </Button>
      <ConfirmModal
        open={open}
        onClose={() => setOpen(false)}
        title={t('analytics.transfers.cancelTitle')}
        confirmLabel={t('analytics.transfers.cancel')}
        onConfirm={() => cancel.mutate(transfer.id)}
        pending={cancel.isPending}
      >
        <p>{t('analytics.transfers.cancelText', { amount: formatCents(transfer.amount, locale), date: dateText(transfer.created) })}</p>
      </ConfirmModal>
    </>
  );
}
