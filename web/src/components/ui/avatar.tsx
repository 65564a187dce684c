import { cx } from '../../lib/class-names';
import styles from './avatar.module.css';

/**
 * A user's round picture, or their initial when they have none. Decorative: the name is always
 * next to it. The initial is drawn by CSS (data-initial), so it never joins the text of the
 * control around it (a menu button's name stays the username).
 */
export function Avatar({ src, name, size = 'medium' }: { src: string | null | undefined; name: string; size?: 'small' | 'medium' | 'large' }) {
  return src ? (
    <img className={cx(styles.avatar, size !== 'medium' && styles[size])} src={src} alt="" />
  ) : (
    <span className={cx(styles.avatar, size !== 'medium' && styles[size], styles.placeholder)} data-initial={name.trim().charAt(0).toUpperCase() || '?'} aria-hidden="true" />
  );
}
