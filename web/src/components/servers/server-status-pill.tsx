import { useT } from '../../lib/i18n/i18n-provider';
import type { PillTone, ServerPill } from '../../lib/servers/server-display';
import styles from './server-status-pill.module.css';

export function ServerStatusPill({ label, tone }: { label: string; tone: PillTone }) {
  return (
    <span className={styles.pill} data-tone={tone}>
      <span className={styles.dot} aria-hidden="true" />
      {label}
    </span>
  );
}

/** Same pill, reading the message itself. */
export function ServerStatusPillFor({ pill }: { pill: ServerPill }) {
  const t = useT();
  return <ServerStatusPill label={t(pill.key)} tone={pill.tone} />;
}
