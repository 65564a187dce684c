import { groupScopes } from '../../lib/scopes';

/** What a set of scopes allows, one line per area (spec §6), in plain words. */
export function ScopeSummary({ scopes, emptyText }: { scopes: number; emptyText: string }) {
  const groups = groupScopes(scopes);
  if (groups.length === 0) return <p className="scope-summary__empty">{emptyText}</p>;
  return (
    <ul className="scope-summary">
      {groups.map((group) => (
        <li key={group.label} className="scope-summary__group">
          <span className="scope-summary__label">{group.label}</span>
          <span className="scope-summary__scopes">{group.scopes.map((scope) => scope.label).join(' · ')}</span>
        </li>
      ))}
    </ul>
  );
}
