import styles from './organization-mark.module.css';

/**
 * The organization a project belongs to, as a small mark beside the project's name: its icon (or
 * initial) and its name. Lists where some projects are reached through an organization use it.
 */
export function OrganizationMark({ name, iconUrl }: { name: string; iconUrl: string | null | undefined }) {
  return (
    <span className={styles.mark}>
      {iconUrl ? (
        <img className={styles.icon} src={iconUrl} alt="" width={16} height={16} loading="lazy" decoding="async" />
      ) : (
        // The initial is drawn by CSS, so it is no text of a link's or button's visible label.
        <span className={`${styles.icon} ${styles.placeholder}`} aria-hidden="true" data-initial={name.trim().charAt(0).toUpperCase() || '?'} />
      )}
      <span>{name}</span>
    </span>
  );
}
