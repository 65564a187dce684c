import type { FormHTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/class-names';
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

/** A settings form, its fields stacked; `compact` inside a dialog. */
export function SettingsForm({ compact = false, className, ...rest }: { compact?: boolean } & FormHTMLAttributes<HTMLFormElement>) {
  return <form className={cx(styles.form, compact && styles.compact, className)} {...rest} />;
}

/** The buttons under a settings form, at its end. */
export function SettingsFormActions({ children }: { children: ReactNode }) {
  return <div className={styles.formActions}>{children}</div>;
}

/** The buttons above a list on a settings page (e.g. "Create a token"). */
export function SettingsToolbar({ children }: { children: ReactNode }) {
  return <div className={styles.toolbar}>{children}</div>;
}

/** One setting: what it is now and the buttons that change it; `actionsOnly` for a row of buttons alone. */
export function SettingRow({ actionsOnly = false, children }: { actionsOnly?: boolean; children: ReactNode }) {
  return <div className={cx(styles.row, actionsOnly && styles.rowActions)}>{children}</div>;
}

/** A setting's current value, e.g. the email address. */
export function SettingValue({ children }: { children: ReactNode }) {
  return <p className={styles.value}>{children}</p>;
}
