import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styles from './version-editor.module.css';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: ReactNode; children: ReactNode };

/** A labelled native select: the browser's own keyboard and screen-reader behaviour. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, children, ...rest }, ref) {
  const id = useId();
  return (
    <div className={styles.select}>
      <label className={styles.selectLabel} htmlFor={id}>
        {label}
      </label>
      <select ref={ref} id={id} className={styles.selectControl} {...rest}>
        {children}
      </select>
    </div>
  );
});
