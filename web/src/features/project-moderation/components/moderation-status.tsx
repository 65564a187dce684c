import type { Project } from '@cairn/shared/schemas/projects';
import { useId } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';
import { visibilityOf } from '../utils/visibility';
import styles from './project-moderation.module.css';

/** The project's status in plain words and where people can find it now. */
export function ModerationStatus({ project }: { project: Project }) {
  const t = useT();
  const statusId = useId();
  const visibilityId = useId();
  const visibility = visibilityOf(project.status);
  const rows = [
    { key: 'search', ok: visibility.search, label: t('moderationTab.visibility.search') },
    { key: 'profiles', ok: visibility.profiles, label: t('moderationTab.visibility.profiles') },
    { key: 'link', ok: visibility.directLink, label: t('moderationTab.visibility.link') },
  ];
  return (
    <>
      <section className={styles.card} aria-labelledby={statusId}>
        <h2 id={statusId} className={styles.heading}>
          {t('moderationTab.status')}: <span className={styles.statusName}>{t(`thread.status.${project.status}`)}</span>
        </h2>
        <p className={styles.text}>{t(`moderationTab.explain.${project.status}`)}</p>
      </section>
      <section className={styles.card} aria-labelledby={visibilityId}>
        <h2 id={visibilityId} className={styles.heading}>
          {t('moderationTab.visibility')}
        </h2>
        <ul className={styles.visibility}>
          {rows.map((row) => (
            <li key={row.key}>
              <span className={row.ok ? styles.yes : styles.no} aria-hidden="true">
                {row.ok ? '✓' : '✗'}
              </span>{' '}
              {row.label}: {row.ok ? t('moderationTab.visibility.yes') : t('moderationTab.visibility.no')}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
