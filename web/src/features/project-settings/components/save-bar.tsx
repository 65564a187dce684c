import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './settings-controls.module.css';

/** "Save changes" (a submit button), enabled only while the form has changes and can be saved. */
export function SaveBar({ dirty, pending, disabled = false }: { dirty: boolean; pending: boolean; disabled?: boolean }) {
  const t = useT();
  return (
    <div className={styles.actions}>
      <Button type="submit" color="brand" disabled={!dirty || pending || disabled}>
        {t('projectSettings.save')}
      </Button>
    </div>
  );
}
