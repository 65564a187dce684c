import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './tooltip.module.css';
import { preloadFloatingPosition, useFloatingPosition, type FloatingPlacement } from './use-floating-position';

const TOOLTIP_DELAY_MS = 200;
const TOOLTIP_DISTANCE = 6;

interface TooltipProps {
  /** Short text; the control it describes still needs its own accessible name. */
  content: ReactNode;
  children: ReactNode;
  placement?: FloatingPlacement;
}

/**
 * Shows `content` above its child after 200 ms of hover or keyboard focus; Escape hides it. It is
 * a visual hint: icon buttons carry the same words as their aria-label.
 */
export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  const position = useFloatingPosition(anchorRef, tooltipRef, open, placement, TOOLTIP_DISTANCE);

  const show = useCallback(() => {
    clearTimeout(timer.current);
    // The delay leaves time to fetch the positioning code on a first hover.
    preloadFloatingPosition().catch(() => {});
    timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
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

  return (
    <span ref={anchorRef} className={styles.anchor} onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {children}
      {open &&
        createPortal(
          <div
            ref={tooltipRef}
            id={id}
            role="tooltip"
            className={styles.tooltip}
            data-placement={position.placement}
            data-positioned={position.positioned ? '' : undefined}
            style={position.style}
          >
            {content}
          </div>,
          document.body,
        )}
    </span>
  );
}
