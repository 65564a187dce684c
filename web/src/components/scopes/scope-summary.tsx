import { groupScopes } from '../../lib/scopes';
import styles from './scope-summary.module.css';

/** What a set of scopes allows, one line per area (spec §6), in plain words. */
export function ScopeSummary({ scopes, emptyText }: { scopes: number; emptyText: string }) {
  const groups = groupScopes(scopes);
  if (groups.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <ul className={styles.summary}>
      {groups.map((group) => (
        <li key={group.label} className={styles.group}>
          <span className={styles.label}>{group.label}</span>
          <span className={styles.scopes}>{group.scopes.map((scope) => scope.label).join(' · ')}</span>
        </li>
      ))}
    </ul>
  );
}
