import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import styles from './empty-state.module.css';

/** Says that a list has nothing in it; `framed` draws the place the list would take. */
export function EmptyState({ framed = false, children }: { framed?: boolean; children: ReactNode }) {
  return <p className={cx(styles.empty, framed && styles.framed)}>{children}</p>;
}
