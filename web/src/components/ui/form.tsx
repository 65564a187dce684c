import { forwardRef, useId, type HTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';
import styles from './form.module.css';
import inputStyles from './input.module.css';

/**
 * Form fields with their label, an optional hint and an error shown next to the field (wired to
 * the control with aria-describedby and aria-invalid, so screen readers read it with the field).
 */

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** A field of several controls (or one without a <label>): its title and what follows stacked like a field. */
export function FieldGroup({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(styles.field, className)} {...rest} />;
}

/** A field's title where it is not a <label>: the legend of a fieldset, or a caption over a group. */
export function FieldLabel({ as: Tag = 'span', className, ...rest }: { as?: 'span' | 'legend' } & HTMLAttributes<HTMLElement>) {
  return <Tag className={cx(styles.label, className)} {...rest} />;
}

/** Help text under a field. */
export function FieldHint({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cx(styles.hint, className)} {...rest} />;
}

/** A field's error text (give it role="alert" where it appears without the field changing). */
export function FieldError({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cx(styles.error, className)} {...rest} />;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string };

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, hint, error, className, ...rest }, ref) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        ref={ref}
        id={id}
        className={cx(inputStyles.input, inputStyles.block, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
    </FieldFrame>
  );
});

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string; ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, hint, error, className, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        className={cx(inputStyles.input, styles.multiline, inputStyles.block, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { label: ReactNode; hint?: ReactNode; ref?: Ref<HTMLInputElement> };

export function CheckboxField({ label, hint, className, ...rest }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={cx(styles.checkbox, className)}>
      <input id={id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} {...rest} />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      </div>
    </div>
  );
}

/** A message about the whole form (or page): errors are announced at once, the others politely. */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={cx(styles.alert, tone !== 'error' && styles[tone])} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
