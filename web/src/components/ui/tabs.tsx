import { useId, useState, type ReactNode } from 'react';
import { TabStrip } from './tab-strip';
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
 * In-page tabs (WAI-ARIA tabs, automatic activation): ← → Home End move between tabs and select
 * them, only the selected tab is in the Tab order, and a row too long for the screen scrolls with
 * edge cues (TabStrip). For tabs that are pages with their own URL, use links in a
 * <TabStrip as="nav"> instead.
 */
export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const [internal, setInternal] = useState(tabs[0]?.id);
  const current = selected ?? internal;
  const baseId = useId();

  const select = (id: string) => {
    setInternal(id);
    onSelect?.(id);
  };

  return (
    <div>
      <TabStrip as="div" role="tablist" aria-label={label} className={styles.list} onMove={(item) => item.dataset.tab && select(item.dataset.tab)}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${baseId}-tab-${tab.id}`}
            data-tab={tab.id}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab.id === current}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={tab.id === current ? 0 : -1}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </TabStrip>
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
