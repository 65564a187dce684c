// The placement helpers of popovers and menus, apart from the Popover component (popover.tsx), which
// the shell's menus do not use: this module is part of every page's first download, that one is not.
import styles from './popover.module.css';
import { preloadFloatingPosition, useFloatingPosition } from './use-floating-position';
import type { PopoverState } from './use-popover';

/**
 * Where the panel opens relative to its trigger, `POPOVER_DISTANCE` px away; it flips to the other
 * side or shifts along it when the viewport has no room. The panel stays in the DOM right after
 * its trigger, so Tab order flows through it naturally.
 */
export type PopoverPlacement = 'bottom-end' | 'bottom-start' | 'top-start' | 'top-end';
const POPOVER_DISTANCE = 8;

export type { PopoverState };

/** Props for a popover's panel: its class, computed placement and position. */
export function usePanelPosition(state: PopoverState, placement: PopoverPlacement) {
  const position = useFloatingPosition(state.triggerRef, state.panelRef, state.open, placement, POPOVER_DISTANCE);
  return {
    className: styles.panel,
    'data-placement': position.placement,
    'data-positioned': position.positioned ? '' : undefined,
    style: position.style,
  };
}

export const popoverRootClassName = (className?: string) => (className ? `${styles.root} ${className}` : styles.root);

/** Trigger handlers that fetch the positioning code before the first click. */
export const preloadOnIntent = { onPointerEnter: () => void preloadFloatingPosition().catch(() => {}), onFocus: () => void preloadFloatingPosition().catch(() => {}) };
