import type { ReactNode } from 'react';

/** The heading and optional lede of a settings page. */
export function SettingsPageHeader({ title, lede }: { title: string; lede?: ReactNode }) {
  return (
    <header className="settings-page__header">
      <h1>{title}</h1>
      {lede && <p className="settings-page__lede">{lede}</p>}
    </header>
  );
}

/** A titled card on a settings page. */
export function SettingsSection({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = `${id ?? title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-section__title">
        {title}
      </h2>
      {description && <p className="settings-section__description">{description}</p>}
      {children}
    </section>
  );
}
