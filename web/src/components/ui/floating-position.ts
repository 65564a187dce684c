import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';

export type FloatingPlacement = 'top' | 'bottom' | 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end';

/** Keeps floating elements this far from the viewport edges when shifting them. */
const VIEWPORT_MARGIN = 8;

export interface FloatingCoordinates {
  x: number;
  y: number;
  placement: FloatingPlacement;
}

/**
 * Places `floating` next to `reference` (fixed strategy, so scrolling or clipping ancestors don't
 * hide it), flipping to the other side and shifting along it to stay in the viewport, and follows
 * the reference while it moves or resizes. Returns the function that stops following.
 */
export function trackPosition(
  reference: Element,
  floating: HTMLElement,
  { placement, distance }: { placement: FloatingPlacement; distance: number },
  onChange: (coordinates: FloatingCoordinates) => void,
): () => void {
  let active = true;
  const stop = autoUpdate(reference, floating, () => {
    void computePosition(reference, floating, {
      placement,
      strategy: 'fixed',
      middleware: [offset(distance), flip({ padding: VIEWPORT_MARGIN }), shift({ padding: VIEWPORT_MARGIN })],
    }).then(({ x, y, placement: used }) => {
      if (active) onChange({ x, y, placement: used as FloatingPlacement });
    });
  });
  return () => {
    active = false;
    stop();
  };
}
