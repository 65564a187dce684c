import type { ReactNode } from 'react';
import styles from './popover.module.css';
import { preloadFloatingPosition, useFloatingPosition } from './use-floating-position';
import { usePopover, type PopoverState } from './use-popover';

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

interface PopoverProps {
  /** The trigger's content; the trigger is a button with aria-expanded. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  placement?: PopoverPlacement;
  /** Accessible name of the panel (a dialog-like region). */
  label: string;
  children: ReactNode | ((state: PopoverState) => ReactNode);
  className?: string;
}

/** A non-menu popover (forms, pickers, info). For a list of actions or links use MenuButton. */
export function Popover({ trigger, triggerLabel, triggerClassName, placement = 'bottom-end', label, children, className }: PopoverProps) {
  const state = usePopover();
  const { open, setOpen, triggerRef, panelRef, wrapperRef, panelId, triggerId } = state;
  const panel = usePanelPosition(state, placement);
  return (
    <div ref={wrapperRef} className={popoverRootClassName(className)}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        {...preloadOnIntent}
      >
        {trigger}
      </button>
      <div ref={panelRef} id={panelId} role="dialog" aria-label={label} hidden={!open} {...panel}>
        {typeof children === 'function' ? children(state) : children}
      </div>
    </div>
  );
}
