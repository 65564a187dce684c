import type { ReactNode } from 'react';
import styles from './revenue.module.css';

/** The frame of the revenue pages: the page's heading, a line under it, its sections. */
export function RevenuePage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{title}</h1>
        <p className={styles.intro}>{intro}</p>
      </header>
      {children}
    </div>
  );
}
