import type { ReactNode } from 'react';
import styles from './settings-page.module.css';

/** The heading and optional lede of a settings page. */
export function SettingsPageHeader({ title, lede }: { title: string; lede?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1>{title}</h1>
      {lede && <p className={styles.lede}>{lede}</p>}
    </header>
  );
}

/** A titled card on a settings page. */
export function SettingsSection({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = `${id ?? title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {description && <p className={styles.description}>{description}</p>}
      {children}
    </section>
  );
}

/** A card without a title, for a page whose header already says what it holds. */
export function SettingsCard({ children }: { children: ReactNode }) {
  return <section className={styles.section}>{children}</section>;
}
