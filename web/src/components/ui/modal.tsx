import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { useT } from '../../lib/i18n/i18n-provider';
import { Button } from './button';
import { CloseIcon } from './icons';
import styles from './modal.module.css';
import { Tooltip } from './tooltip';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Action buttons, right-aligned under the content. */
  footer?: ReactNode;
  /** Hides the corner close button (the footer must then offer a way out; Escape still closes). */
  hideCloseButton?: boolean;
  /** Size variant: `wide` for content such as license texts and downloads, `sheet` full-screen on small screens. */
  size?: 'standard' | 'wide' | 'sheet';
}

const FOCUSABLE_PARTS = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
];
const FOCUSABLE = FOCUSABLE_PARTS.join(', ');
/** The content's own controls come first; the corner close button only when there are none. */
const FOCUSABLE_CONTENT = FOCUSABLE_PARTS.flatMap((part) => [`[data-modal-part='body'] ${part}`, `[data-modal-part='footer'] ${part}`]).join(', ');

/**
 * A modal dialog on the native <dialog> (top layer, inert page behind it). Focus goes to the first
 * control inside, Tab and Shift+Tab cycle within it, Escape closes it, and focus returns to what
 * opened it.
 */
export function Modal({ open, onClose, title, children, footer, hideCloseButton = false, size = 'standard' }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    (dialog.querySelector<HTMLElement>(FOCUSABLE_CONTENT) ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      opener?.focus();
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      className={cx(styles.modal, size !== 'standard' && styles[size])}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: let React state close it so the opener gets focus back.
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {!hideCloseButton && (
          <Tooltip content={t('common.close')}>
            <Button variant="transparent" iconOnly aria-label={t('common.close')} onClick={onClose}>
              <CloseIcon />
            </Button>
          </Tooltip>
        )}
      </div>
      <div className={styles.body} data-modal-part="body">
        {children}
      </div>
      {footer && (
        <div className={styles.footer} data-modal-part="footer">
          {footer}
        </div>
      )}
    </dialog>
  );
}
