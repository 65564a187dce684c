import type { ReactNode } from 'react';
import styles from './avatar-editor.module.css';

/** A picture beside the controls that change it; hints and errors (paragraphs) go on their own line. */
export function AvatarEditor({ picture, children }: { picture: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.editor}>
      {picture}
      <div className={styles.actions}>{children}</div>
    </div>
  );
}
