import type { ReactNode } from 'react';
import { popoverRootClassName, preloadOnIntent, usePanelPosition, type PopoverPlacement } from './popover-position';
import { usePopover, type PopoverState } from './use-popover';

export type { PopoverPlacement, PopoverState };

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
