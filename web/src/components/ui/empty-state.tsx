import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import styles from './empty-state.module.css';

/** Says that a list has nothing in it; `framed` draws the place the list would take. */
export function EmptyState({ framed = false, className, children }: { framed?: boolean; className?: string; children: ReactNode }) {
  return <p className={cx(styles.empty, framed && styles.framed, className)}>{children}</p>;
}
