import styles from './app-icon.module.css';

/** An app's (or user's) picture, or its initial on a tinted square when it has none. */
export function AppIcon({ name, iconUrl, size = 'medium' }: { name: string; iconUrl: string | null | undefined; size?: 'small' | 'medium' | 'large' }) {
  // Medium is the base size.
  const className = size === 'medium' ? styles.icon : `${styles.icon} ${styles[size]}`;
  return iconUrl ? (
    <img className={className} src={iconUrl} alt="" />
  ) : (
    <span className={`${className} ${styles.placeholder}`} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
