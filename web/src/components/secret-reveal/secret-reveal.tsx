import type { ReactNode } from 'react';
import { CopyButton } from '../ui/copy-button';
import { useT } from '../../lib/i18n/i18n-provider';
import styles from './secret-reveal.module.css';

/** A secret shown only once after it was created, announced when it appears. */
export function SecretReveal({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className={styles.reveal} role="status">
      <p className={styles.title}>{title}</p>
      <p>{text}</p>
      {children}
    </div>
  );
}

function CopyableSecret({ value }: { value: string }) {
  const t = useT();
  return (
    <>
      <code>{value}</code>
      <CopyButton text={value} label={t('account.common.copy')} copiedLabel={t('account.common.copied')} size="small" variant="outlined" />
    </>
  );
}

/** One secret and a button copying it. */
export function SecretValue({ value }: { value: string }) {
  return (
    <div className={styles.value}>
      <CopyableSecret value={value} />
    </div>
  );
}

/** Several named secrets (client ID and secret). */
export function SecretList({ entries }: { entries: ReadonlyArray<{ label: string; value: string }> }) {
  return (
    <dl className={styles.list}>
      {entries.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={styles.value}>
            <CopyableSecret value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
