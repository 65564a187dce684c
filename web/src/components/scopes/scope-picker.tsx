import { useId } from 'react';
import { GRANTABLE_SCOPE_GROUPS, withScope } from '../../lib/scopes';
import styles from './scope-picker.module.css';
import { hasScopes, SCOPES, type ScopeName } from '@cairn/shared/constants/scopes';
import { FieldError, FieldLabel } from '../ui/form';

const isSet = (bits: number, name: ScopeName) => hasScopes(bits, 2 ** SCOPES[name]);

/**
 * Checkboxes for the scopes a personal access token or an app may hold, grouped by area with
 * plain labels. Session-only scopes are not offered (the API refuses them).
 */
export function ScopePicker({ legend, value, onChange, error }: { legend: string; value: number; onChange: (bits: number) => void; error?: string }) {
  const errorId = useId();
  return (
    <fieldset className={styles.picker} aria-describedby={error ? errorId : undefined}>
      <FieldLabel as="legend">{legend}</FieldLabel>
      <div className={styles.groups}>
        {GRANTABLE_SCOPE_GROUPS.map((group) => (
          <fieldset key={group.label} className={styles.group}>
            <legend className={styles.groupLabel}>{group.label}</legend>
            {group.scopes.map((scope) => (
              <label key={scope.name} className={styles.option}>
                <input type="checkbox" checked={isSet(value, scope.name)} onChange={(event) => onChange(withScope(value, scope.name, event.target.checked))} />
                <span>{scope.label}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      {error && (
        <FieldError id={errorId}>
          {error}
        </FieldError>
      )}
    </fieldset>
  );
}
