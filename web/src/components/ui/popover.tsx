import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * Popover placement is CSS: the panel is absolutely positioned inside a relative wrapper, `distance`
 * (8 px) from the trigger. The panel stays in the DOM right after its trigger, so Tab order flows
 * through it naturally. Placements: bottom-end (default), bottom-start, top-start, top-end.
 */
export type PopoverPlacement = 'bottom-end' | 'bottom-start' | 'top-start' | 'top-end';
export const POPOVER_DISTANCE = 8;

export interface PopoverState {
  open: boolean;
  setOpen(open: boolean): void;
  /** Closes and, unless told otherwise, moves focus back to the trigger. */
  close(options?: { returnFocus?: boolean }): void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  panelRef: RefObject<HTMLDivElement | null>;
  wrapperRef: RefObject<HTMLDivElement | null>;
  panelId: string;
  triggerId: string;
}

/** Open state plus the dismiss rules every popover shares: Escape, click outside, focus leaving. */
export function usePopover(): PopoverState {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const triggerId = useId();

  const close = useCallback(({ returnFocus = true }: { returnFocus?: boolean } = {}) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close({ returnFocus: false });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close({ returnFocus: false });
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, close]);

  return { open, setOpen, close, triggerRef, panelRef, wrapperRef, panelId, triggerId };
}

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
  return (
    <div ref={wrapperRef} className={className ? `popover ${className}` : 'popover'}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {trigger}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-label={label}
        hidden={!open}
        className={`popover__panel popover__panel--${placement}`}
      >
        {typeof children === 'function' ? children(state) : children}
      </div>
    </div>
  );
}
