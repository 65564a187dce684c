import type { CSSProperties, ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import styles from './skeleton.module.css';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  circle?: boolean;
}

/** A grey placeholder the size of content still on its way (still under reduced motion). */
export function Skeleton({ width = '100%', height = '1rem', circle = false }: SkeletonProps) {
  return <span className={cx(styles.block, circle && styles.circle)} style={{ width, height }} />;
}

/** Lays skeletons out side by side (`row`), stacked (`stack`) or as sidebar + main (`columns`). */
export function SkeletonLayout({ kind, children }: { kind: 'row' | 'stack' | 'columns'; children: ReactNode }) {
  return <div className={styles[kind]}>{children}</div>;
}

/**
 * Wraps the skeletons of one loading area: screen readers hear `label` once, and the shapes
 * themselves stay hidden from them.
 */
export function SkeletonRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.region} role="status" aria-busy="true">
      <span className={styles.label}>{label}</span>
      <div className={styles.region} aria-hidden="true">
        {children}
      </div>
    </div>
  );
}
