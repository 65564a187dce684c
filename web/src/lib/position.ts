/** Where a tooltip or popover goes next to its anchor, kept inside the viewport. */
export type Placement = 'top' | 'bottom' | 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end';

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Position {
  top: number;
  left: number;
  /** The placement used: flipped to the other side when the preferred one does not fit. */
  placement: Placement;
}

const VIEWPORT_MARGIN = 8;

export function computePosition(
  anchor: Rect,
  floating: { width: number; height: number },
  placement: Placement,
  distance: number,
  viewport: { width: number; height: number },
): Position {
  const [side, align] = placement.split('-') as ['top' | 'bottom', 'start' | 'end' | undefined];
  const above = anchor.top - distance - floating.height;
  const below = anchor.top + anchor.height + distance;
  const fitsAbove = above >= VIEWPORT_MARGIN;
  const fitsBelow = below + floating.height <= viewport.height - VIEWPORT_MARGIN;
  let finalSide = side;
  if (side === 'top' && !fitsAbove && fitsBelow) finalSide = 'bottom';
  if (side === 'bottom' && !fitsBelow && fitsAbove) finalSide = 'top';

  let left: number;
  if (align === 'start') left = anchor.left;
  else if (align === 'end') left = anchor.left + anchor.width - floating.width;
  else left = anchor.left + anchor.width / 2 - floating.width / 2;
  const maxLeft = viewport.width - VIEWPORT_MARGIN - floating.width;
  left = Math.max(VIEWPORT_MARGIN, Math.min(left, maxLeft));

  return {
    top: finalSide === 'top' ? above : below,
    left,
    placement: (align ? `${finalSide}-${align}` : finalSide) as Placement,
  };
}
