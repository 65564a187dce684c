import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';

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
    const outside = (target: EventTarget | null) => !wrapperRef.current?.contains(target as Node);
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) close({ returnFocus: false });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) close({ returnFocus: false });
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
