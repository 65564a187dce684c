import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';

/** The 3-D-Secure-style step of the test processor: the customer approves or declines the payment. */
export function PaymentConfirmationDialog({ open, pending, onAnswer }: { open: boolean; pending: boolean; onAnswer: (approve: boolean) => void }) {
  const t = useT();
  return (
    <Modal
      open={open}
      onClose={() => onAnswer(false)}
      title={t('billing.auth.title')}
      hideCloseButton
      footer={
        <>
          <Button variant="outlined" disabled={pending} onClick={() => onAnswer(false)}>
            {t('billing.auth.decline')}
          </Button>
          <Button color="brand" disabled={pending} onClick={() => onAnswer(true)}>
            {t('billing.auth.approve')}
          </Button>
        </>
      }
    >
      <p>{t('billing.auth.text')}</p>
    </Modal>
  );
}
