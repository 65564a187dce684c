import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem[];
  /** Controlled selection; uncontrolled (first tab) when omitted. */
  selected?: string;
  onSelect?: (id: string) => void;
}

/**
 * In-page tabs (WAI-ARIA tabs, automatic activation): ← → Home End move between tabs, only the
 * selected tab is in the Tab order. For tabs that are pages with their own URL, use links in a
 * <nav> instead.
 */
export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const [internal, setInternal] = useState(tabs[0]?.id);
  const current = selected ?? internal;
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const select = (id: string) => {
    setInternal(id);
    onSelect?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    select(tab.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${baseId}-tab-${tab.id}`)}`)?.focus();
  };

  return (
    <div>
      <div ref={listRef} role="tablist" aria-label={label} className={styles.list}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${baseId}-tab-${tab.id}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab.id === current}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={tab.id === current ? 0 : -1}
            onClick={() => select(tab.id)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`${baseId}-panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          className={styles.panel}
          hidden={tab.id !== current}
          tabIndex={0}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
