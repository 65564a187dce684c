import type { ReactNode } from 'react';

/** The centred card every /auth page is laid out in. */
export function AuthCard({ title, children, wide = false }: { title: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth-page">
      <section className={wide ? 'auth-card auth-card--wide' : 'auth-card'} aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className="auth-card__title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
