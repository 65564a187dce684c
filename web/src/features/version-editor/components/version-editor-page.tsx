import type { ReactNode } from 'react';
import { FormAlert } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './version-editor.module.css';

/** Frame of the create and edit pages: a heading, and the form only for members who may use it. */
export function VersionEditorPage({ title, allowed, children }: { title: string; allowed: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <section className={styles.page} aria-labelledby="version-editor-title">
      <h2 id="version-editor-title" className={styles.cardTitle}>
        {title}
      </h2>
      {allowed ? children : <FormAlert>{t('versionEditor.noPermission')}</FormAlert>}
    </section>
  );
}
