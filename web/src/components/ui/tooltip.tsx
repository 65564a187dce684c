import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { computePosition, type Placement } from '../../lib/position';

export const TOOLTIP_DELAY_MS = 200;
const TOOLTIP_DISTANCE = 6;

interface TooltipProps {
  /** Short text; the control it describes still needs its own accessible name. */
  content: ReactNode;
  children: ReactNode;
  placement?: Placement;
}

/**
 * Shows `content` above its child after 200 ms of hover or keyboard focus; Escape hides it. It is
 * a visual hint: icon buttons carry the same words as their aria-label.
 */
export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  const show = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
    setPosition(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, hide]);

  useLayoutEffect(() => {
    if (!open || !anchorRef.current || !tooltipRef.current) return;
    const anchor = anchorRef.current.getBoundingClientRect();
    const tooltip = tooltipRef.current.getBoundingClientRect();
    const { top, left } = computePosition(anchor, tooltip, placement, TOOLTIP_DISTANCE, {
      width: document.documentElement.clientWidth,
      height: window.innerHeight,
    });
    setPosition({ top, left });
  }, [open, placement, content]);

  return (
    <span ref={anchorRef} className="tooltip-anchor" onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {children}
      {open &&
        createPortal(
          <div
            ref={tooltipRef}
            id={id}
            role="tooltip"
            className="tooltip"
            style={position ? { top: position.top, left: position.left } : { visibility: 'hidden', top: 0, left: 0 }}
          >
            {content}
          </div>,
          document.body,
        )}
    </span>
  );
}
