import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { TextField } from './form';
import { Modal } from './modal';
import { useT } from '../../lib/i18n/i18n-provider';

interface ConfirmModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** When set, the confirm button stays disabled until exactly this text is typed. */
  typeToConfirm?: { label: string; value: string };
}

/** "Are you sure?" before something that cannot be undone (revoke, delete). */
export function ConfirmModal({ open, onClose, title, children, confirmLabel, onConfirm, pending = false, typeToConfirm }: ConfirmModalProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  const blocked = typeToConfirm !== undefined && typed !== typeToConfirm.value;
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      footer={
        <>
          <Button variant="transparent" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} disabled={pending || blocked}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {typeToConfirm && <TextField label={typeToConfirm.label} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />}
    </Modal>
  );
}
