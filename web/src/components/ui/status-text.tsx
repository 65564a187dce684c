import type { ReactNode } from 'react';
import styles from './status-text.module.css';

/** A short state in colour: verified (ok) or needing attention (warn). A span inside a line, or its own paragraph. */
export function StatusText({ tone, as: Tag = 'p', children }: { tone: 'ok' | 'warn'; as?: 'p' | 'span'; children: ReactNode }) {
  return <Tag className={`${styles.status} ${styles[tone]}`}>{children}</Tag>;
}
