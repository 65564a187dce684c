import { Fragment, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { AppLink } from './app-link';
import styles from './menu.module.css';
import { popoverRootClassName, preloadOnIntent, usePanelPosition, type PopoverPlacement } from './popover-position';
import { usePopover } from './use-popover';

export interface MenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** In-app link target; otherwise the item is a button running `onSelect`. */
  to?: string;
  onSelect?: () => void;
  /** Marks the page the user is on. */
  current?: boolean;
  /** Colour accent, e.g. "red" for Sign out. */
  tone?: 'red' | 'orange' | 'purple';
  /** Starts a new group: a separator line comes before it (arrow keys skip separators). */
  separatorBefore?: boolean;
}

interface MenuButtonProps {
  /** Visible trigger content. */
  children: ReactNode;
  /** Accessible name when the trigger shows only an icon. */
  label?: string;
  items: readonly MenuItem[];
  placement?: PopoverPlacement;
  className?: string;
  triggerClassName?: string;
  /** Data attributes for the trigger, e.g. a state the trigger shows (`data-active`). */
  triggerData?: Readonly<Record<`data-${string}`, string | undefined>>;
  menuClassName?: string;
}

/**
 * A button that opens a menu of links or actions (WAI-ARIA menu button): Enter, Space or ↓ open it
 * on the first item, ↑ on the last; ↑ ↓ Home End move; Escape closes and returns focus to the
 * trigger; Tab moves on and closes it; choosing an item closes it.
 */
export function MenuButton({ children, label, items, placement = 'bottom-start', className, triggerClassName, triggerData, menuClassName }: MenuButtonProps) {
  const state = usePopover();
  const { open, setOpen, close, triggerRef, panelRef, wrapperRef, panelId, triggerId } = state;
  const panel = usePanelPosition(state, placement);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const menuItems = () => [...(panelRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const all = menuItems();
    (focusOnOpen.current === 'last' ? all.at(-1) : all[0])?.focus();
    // menuItems reads the ref at call time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const openAt = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItems();
    const index = all.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = all[(index + 1) % all.length];
    else if (event.key === 'ArrowUp') next = all[(index - 1 + all.length) % all.length];
    else if (event.key === 'Home') next = all[0];
    else if (event.key === 'End') next = all.at(-1);
    else if (event.key === 'Tab') close({ returnFocus: false });
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div ref={wrapperRef} className={popoverRootClassName(className)}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={triggerClassName}
        {...triggerData}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : openAt('first'))}
        onKeyDown={onTriggerKeyDown}
        {...preloadOnIntent}
      >
        {children}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="menu"
          tabIndex={-1}
          aria-labelledby={triggerId}
          {...panel}
          className={[panel.className, styles.menu, menuClassName].filter(Boolean).join(' ')}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => {
            const className = [styles.item, item.current ? styles.current : '', item.tone ? styles[item.tone] : '']
              .filter(Boolean)
              .join(' ');
            const content = (
              <>
                {item.icon}
                <span>{item.label}</span>
              </>
            );
            const entry = item.to !== undefined ? (
              <AppLink
                to={item.to}
                role="menuitem"
                tabIndex={-1}
                className={className}
                aria-current={item.current ? 'page' : undefined}
                onClick={() => {
                  item.onSelect?.();
                  close({ returnFocus: false });
                }}
              >
                {content}
              </AppLink>
            ) : (
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={className}
                onClick={() => {
                  close();
                  item.onSelect?.();
                }}
              >
                {content}
              </button>
            );
            return (
              <Fragment key={item.key}>
                {item.separatorBefore && <div role="separator" className={styles.separator} />}
                {entry}
              </Fragment>
            );
          })}
        </div>
      )}
    </div>
  );
}
