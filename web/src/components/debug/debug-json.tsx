import { useFeatureFlags } from '../../lib/preferences';
import styles from './debug-json.module.css';

/** The raw data behind a page, for developers: shown only with the `advancedDebugInfo` flag. */
export function DebugJson({ label, value }: { label: string; value: unknown }) {
  const { flags } = useFeatureFlags();
  if (!flags.advancedDebugInfo) return null;
  return (
    <details className={styles.panel}>
      <summary>{label}</summary>
      <pre className={styles.json}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}
