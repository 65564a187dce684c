import { useMemo } from 'react';
import { sanitizeSvg } from '../../lib/sanitize-svg';

interface SvgIconProps {
  /** SVG markup from our API (tag icons). Sanitised before it reaches the DOM; see sanitizeSvg. */
  markup: string;
  className?: string;
}

/** A decorative icon: hidden from assistive technology, so always pair it with visible text. */
export function SvgIcon({ markup, className }: SvgIconProps) {
  const html = useMemo(() => sanitizeSvg(markup), [markup]);
  const classes = className ? `svg-icon ${className}` : 'svg-icon';
  if (html === null) return <span className={classes} aria-hidden="true" />;
  return <span className={classes} aria-hidden="true" dangerouslySetInnerHTML={{ __html: html }} />;
}
