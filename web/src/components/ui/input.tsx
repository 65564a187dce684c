import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';
import styles from './input.module.css';

/** A text box with the field look, for controls labelled another way (aria-label, a wrapping <label>). */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { block?: boolean }>(function Input({ block, className, ...rest }, ref) {
  return <input ref={ref} className={cx(styles.input, block && styles.block, className)} {...rest} />;
});

/** A drop-down list with the field look. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...rest }, ref) {
  return <select ref={ref} className={cx(styles.input, className)} {...rest} />;
});
