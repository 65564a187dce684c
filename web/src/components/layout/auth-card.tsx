import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

/** The centred card every /auth page is laid out in. */
export function AuthCard({ title, children, wide = false }: { title: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={styles.page}>
      <section className={wide ? `${styles.card} ${styles.wide}` : styles.card} aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
