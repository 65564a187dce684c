import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { AppLink, type AppLinkProps } from './app-link';

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

export function buttonClassName({ size = 'standard', color = 'standard', variant = 'standard', iconOnly = false }: ButtonStyle = {}, extra?: string): string {
  return ['btn', `btn--size-${size}`, `btn--color-${color}`, `btn--variant-${variant}`, iconOnly ? 'btn--icon' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonStyle & ButtonHTMLAttributes<HTMLButtonElement>;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { size, color, variant, iconOnly, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClassName({ size, color, variant, iconOnly }, className)} {...rest} />;
});

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ size, color, variant, iconOnly, className, ...rest }: ButtonStyle & AppLinkProps) {
  return <AppLink className={buttonClassName({ size, color, variant, iconOnly }, className)} {...rest} />;
}
