import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import type * as PositionCode from './floating-position';
import type { FloatingCoordinates, FloatingPlacement } from './floating-position';

export type { FloatingPlacement };
type PositionModule = typeof PositionCode;

// The positioning library stays out of the first download of every page (the shell has tooltips
// and menus): it loads when a floating element is first about to show, and until then the
// stylesheet's static placement applies.
let loading: Promise<PositionModule> | undefined;

/** Starts loading the positioning code, e.g. when the pointer rests on a trigger. */
export function preloadFloatingPosition(): Promise<PositionModule> {
  loading ??= import('./floating-position').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

interface FloatingPosition {
  /** Custom properties the stylesheet reads (`--floating-x`, `--floating-y`); empty until placed. */
  style: CSSProperties | undefined;
  /** The placement in use: the requested one, or the opposite side after a flip. */
  placement: FloatingPlacement;
  /** False until the first computed position (the stylesheet's static placement applies). */
  positioned: boolean;
}

/** Positions `floatingRef` next to `referenceRef` while `open`; see floating-position.ts. */
export function useFloatingPosition(
  referenceRef: RefObject<Element | null>,
  floatingRef: RefObject<HTMLElement | null>,
  open: boolean,
  placement: FloatingPlacement,
  distance: number,
): FloatingPosition {
  const [coordinates, setCoordinates] = useState<FloatingCoordinates | null>(null);

  useLayoutEffect(() => {
    if (!open) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    preloadFloatingPosition().then(
      ({ trackPosition }) => {
        const reference = referenceRef.current;
        const floating = floatingRef.current;
        if (cancelled || !reference || !floating) return;
        stop = trackPosition(reference, floating, { placement, distance }, setCoordinates);
      },
      // Without the positioning code the stylesheet's placement is a usable fallback.
      () => {},
    );
    return () => {
      cancelled = true;
      stop?.();
      setCoordinates(null);
    };
  }, [open, placement, distance, referenceRef, floatingRef]);

  return {
    style: coordinates ? ({ '--floating-x': `${coordinates.x}px`, '--floating-y': `${coordinates.y}px` } as CSSProperties) : undefined,
    placement: coordinates?.placement ?? placement,
    positioned: coordinates !== null,
  };
}
