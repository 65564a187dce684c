import { useMemo } from 'react';
import { sanitizeSvg } from '../../lib/sanitize-svg';
import { cx } from '../../lib/class-names';
import styles from './svg-icon.module.css';

interface SvgIconProps {
  /** SVG markup from our API (tag icons). Sanitised before it reaches the DOM; see sanitizeSvg. */
  markup: string;
  className?: string;
}

/** A decorative icon: hidden from assistive technology, so always pair it with visible text. */
export function SvgIcon({ markup, className }: SvgIconProps) {
  const html = useMemo(() => sanitizeSvg(markup), [markup]);
  const classes = cx(styles.icon, className);
  if (html === null) return <span className={classes} aria-hidden="true" />;
  return <span className={classes} aria-hidden="true" dangerouslySetInnerHTML={{ __html: html }} />;
}
