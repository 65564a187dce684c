import type { ReactNode } from 'react';
import styles from './server-screen.module.css';

/** A framed message in place of a servers page (loading failed, not found, still preparing). */
export function ServerScreen({ role, children }: { role?: 'alert' | 'status'; children: ReactNode }) {
  return (
    <div className={styles.screen} role={role}>
      {children}
    </div>
  );
}
