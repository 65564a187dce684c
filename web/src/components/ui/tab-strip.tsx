import { useEffect, useRef, useState, type FocusEvent, type HTMLAttributes, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { Icon } from './icons';
import styles from './tab-strip.module.css';

/** What arrow keys move between: links (navigation) and tabs (a tab list). */
const ITEMS = 'a[href], [role="tab"]';
const ACTIVE = '[aria-current="page"], [aria-selected="true"]';

interface TabStripProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'onKeyDown' | 'onFocus'> {
  /** `nav` for links to pages (with an `aria-label`), `div` for a tab list (pass `role="tablist"`). */
  as?: 'nav' | 'div';
  /** Class of the row of tabs, which scrolls sideways when they do not fit. */
  className?: string;
  /** Class of the frame around it, which holds the edge cues (place the strip in a layout with it). */
  frameClassName?: string;
  /** Called with the tab the arrow keys moved focus to (a tab list selects it). */
  onMove?: (item: HTMLElement) => void;
  children: ReactNode;
}

function itemsOf(strip: HTMLElement): HTMLElement[] {
  return [...strip.querySelectorAll<HTMLElement>(ITEMS)].filter((item) => !item.closest('[hidden], [aria-hidden="true"]'));
}

/** Whether the tabs are laid out as a column (the second below the first, not beside it). */
function isColumn([first, second]: HTMLElement[]): boolean {
  if (!first || !second) return false;
  const [a, b] = [first.getBoundingClientRect(), second.getBoundingClientRect()];
  return b.top >= a.bottom - 1 && b.left < a.right;
}

/** Scrolls the strip sideways (never the page) until `item` shows clear of the edge cues. */
function reveal(strip: HTMLElement, item: Element) {
  const room = parseFloat(getComputedStyle(strip).scrollPaddingInlineStart) || 0;
  const view = strip.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  if (box.left < view.left + room || box.right > view.right - room) strip.scrollLeft += (box.left + box.right) / 2 - (view.left + view.right) / 2;
}

/**
 * The one tab strip: a row of links (the navigation pattern) or tabs (WAI-ARIA tabs) that never
 * wraps or cuts a label. When it does not fit it scrolls sideways, with a fade and a scroll button
 * at each edge that has more tabs; the current tab (`aria-current="page"` or `aria-selected="true"`)
 * is scrolled into view; ← → (↑ ↓ when the strip is laid out as a column), Home and End move focus
 * between the tabs at every width. A tab list keeps its roving `tabIndex` and selects in `onMove`.
 */
export function TabStrip({ as: Tag = 'nav', className, frameClassName, onMove, children, ...rest }: TabStripProps) {
  // Typed as a div so it fits both elements the strip may be.
  const ref = useRef<HTMLDivElement>(null);
  // Whether tabs are hidden past the left and the right edge.
  const [more, setMore] = useState({ left: false, right: false });

  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    let active: Element | null = null;
    // What the cues show: set only on a change (a bail-out set state during a route transition
    // still schedules a render, which held up React Router's navigation in tests).
    let shown = { left: false, right: false };
    const update = () => {
      const current = strip.querySelector(ACTIVE);
      if (current && current !== active) reveal(strip, current);
      active = current;
      const room = strip.scrollWidth - strip.clientWidth;
      // Right-to-left strips scroll from 0 down to -room.
      const scrolled = strip.scrollLeft < 0 ? room + strip.scrollLeft : strip.scrollLeft;
      const next = { left: scrolled > 1, right: scrolled < room - 1 };
      if (next.left === shown.left && next.right === shown.right) return;
      shown = next;
      setMore(next);
    };
    // Sizes change without the DOM changing (fonts, the window): watch the strip and its children.
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    const observe = () => [strip, ...strip.children].forEach((element) => resized?.observe(element));
    // Many DOM changes arrive together (a page rendering): measure once per frame.
    let frame = 0;
    const changed = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        observe();
        update();
      });
    });
    changed.observe(strip, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-current', 'aria-selected'] });
    observe();
    update();
    strip.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      resized?.disconnect();
      changed.disconnect();
      strip.removeEventListener('scroll', update);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const strip = event.currentTarget;
    const items = itemsOf(strip);
    const index = items.indexOf(event.target as HTMLElement);
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const column = isColumn(items);
    const rtl = getComputedStyle(strip).direction === 'rtl';
    const forward = column ? 'ArrowDown' : rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = column ? 'ArrowUp' : rtl ? 'ArrowRight' : 'ArrowLeft';
    const target = { [forward]: (index + 1) % items.length, [back]: (index - 1 + items.length) % items.length, Home: 0, End: items.length - 1 }[event.key];
    const item = target === undefined ? undefined : items[target];
    if (!item) return;
    event.preventDefault();
    item.focus({ preventScroll: true });
    reveal(strip, item);
    onMove?.(item);
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if ((event.target as Element).matches(ITEMS)) reveal(event.currentTarget, event.target);
  };

  const scroll = (direction: 1 | -1) => ref.current?.scrollBy({ left: direction * ref.current.clientWidth * 0.75, behavior: 'smooth' });

  // A click on a cue leaves focus where it was.
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  // The cues are for pointers: keyboards move with the arrows and screen readers list every tab.
  return (
    <div className={cx(styles.frame, frameClassName)}>
      <Tag ref={ref} className={cx(styles.strip, className)} data-tab-strip="" onKeyDown={onKeyDown} onFocus={onFocus} {...rest}>
        {children}
      </Tag>
      <button type="button" className={cx(styles.cue, styles.left)} hidden={!more.left} tabIndex={-1} aria-hidden="true" onMouseDown={keepFocus} onClick={() => scroll(-1)}>
        <Icon>
          <path d="M15 6l-6 6 6 6" />
        </Icon>
      </button>
      <button type="button" className={cx(styles.cue, styles.right)} hidden={!more.right} tabIndex={-1} aria-hidden="true" onMouseDown={keepFocus} onClick={() => scroll(1)}>
        <Icon>
          <path d="M9 6l6 6-6 6" />
        </Icon>
      </button>
    </div>
  );
}
