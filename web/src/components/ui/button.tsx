import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';
import { AppLink, type AppLinkProps } from './app-link';
import styles from './button.module.css';

/** Button look (spec §9): sizes, colours and variants ("types"). */
type ButtonSize = 'small' | 'standard' | 'large';
type ButtonColor = 'standard' | 'brand' | 'red' | 'orange' | 'green' | 'blue' | 'purple';
type ButtonVariant = 'standard' | 'outlined' | 'transparent' | 'highlight' | 'highlight-colored-text';

export interface ButtonStyle {
  size?: ButtonSize;
  color?: ButtonColor;
  variant?: ButtonVariant;
  /** Square button holding only an icon: give it an aria-label (and usually a Tooltip). */
  iconOnly?: boolean;
}

/** The classes of a button look, for elements that are not a Button (a download link, a menu trigger). */
export function buttonClassName({ size = 'standard', color = 'standard', variant = 'standard', iconOnly = false }: ButtonStyle = {}, extra?: string): string {
  return cx(styles.button, styles[`size-${size}`], styles[`color-${color}`], styles[`variant-${variant}`], iconOnly && styles['icon-only'], extra);
}

/** The look as props: the classes, and the colour as data-color (what the colour means, e.g. a neutral action). */
export function buttonProps(style: ButtonStyle = {}, extra?: string): { className: string; 'data-color': ButtonColor } {
  return { className: buttonClassName(style, extra), 'data-color': style.color ?? 'standard' };
}

type ButtonProps = ButtonStyle & ButtonHTMLAttributes<HTMLButtonElement>;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { size, color, variant, iconOnly, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} {...buttonProps({ size, color, variant, iconOnly }, className)} {...rest} />;
});

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ size, color, variant, iconOnly, className, ...rest }: ButtonStyle & AppLinkProps) {
  return <AppLink {...buttonProps({ size, color, variant, iconOnly }, className)} {...rest} />;
}
