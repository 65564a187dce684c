import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './version-diff.module.css';

interface CompareSelectProps {
  /** The project's versions, newest first (the current one is left out here). */
  versions: ReadonlyArray<{ id: string; name: string; version_number: string }>;
  currentId: string;
  /** The comparison page of the current version with `other`. */
  hrefFor: (other: string) => string;
}

/**
 * "Compare with…": a version of the same project and a button. A form rather than a select that
 * navigates on change, so moving through the options with the keyboard does not leave the page.
 */
export function CompareSelect({ versions, currentId, hrefFor }: CompareSelectProps) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const others = versions.filter((v) => v.id !== currentId);
  const [other, setOther] = useState('');
  if (others.length === 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (other) void navigate(hrefFor(other));
  };

  return (
    <form className={styles.compareForm} onSubmit={submit}>
      <label htmlFor={id}>{t('project.compare.label')}</label>
      <Select id={id} value={other} onChange={(event) => setOther(event.target.value)}>
        <option value="">{t('project.compare.choose')}</option>
        {others.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name && v.name !== v.version_number ? `${v.version_number} – ${v.name}` : v.version_number}
          </option>
        ))}
      </Select>
      <Button type="submit" variant="outlined" disabled={!other}>
        {t('project.compare.submit')}
      </Button>
    </form>
  );
}
