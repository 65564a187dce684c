import { useId, type FormEvent, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n-provider';
import { Button } from './button';
import { Modal } from './modal';

interface FormModalProps {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** `red` for destructive submits such as refunds. */
  submitColor?: 'brand' | 'red';
  /** Disables the submit button, e.g. while the mutation runs or nothing changed. */
  submitDisabled?: boolean;
  /** Class of the form element, for the feature's own layout of its fields. */
  formClassName?: string;
  /** Accessible name of the form when the modal's title is not enough. */
  formLabel?: string;
  /** Renders the form's fields; receives the form's id for ids derived from it. */
  children: ReactNode | ((formId: string) => ReactNode);
}

/**
 * A modal holding one form, with Cancel and the submit button in the footer (the submit button
 * sits outside the form and points at it by id, so Enter in a field submits too).
 */
export function FormModal({ title, onClose, onSubmit, submitLabel, submitColor = 'brand', submitDisabled = false, formClassName, formLabel, children }: FormModalProps) {
  const formId = useId();
  const t = useT();
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="outlined" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} color={submitColor} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={formClassName} onSubmit={onSubmit} noValidate aria-label={formLabel}>
        {typeof children === 'function' ? children(formId) : children}
      </form>
    </Modal>
  );
}
