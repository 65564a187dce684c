import { useId } from 'react';
import { OrganizationMark } from '../../../components/ui/organization-mark';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { ChartProject } from '../utils/series';
import styles from './analytics-panel.module.css';

interface AnalyticsLegendProps {
  projects: readonly { project: ChartProject; color: string }[];
  hidden: ReadonlySet<string>;
  onToggle: (projectId: string) => void;
}

/** One toggle per project: its colour, name and the organization it is reached through; pressed while the project is in the chart. */
export function AnalyticsLegend({ projects, hidden, onToggle }: AnalyticsLegendProps) {
  const t = useT();
  const hintId = useId();
  return (
    <div className={styles.legend} role="group" aria-label={t('analytics.legend')} aria-describedby={hintId}>
      <p id={hintId} className={styles.srOnly}>
        {t('analytics.legendHint')}
      </p>
      <ul className={styles.legendList}>
        {projects.map(({ project, color }) => (
          <li key={project.id}>
            <button
              type="button"
              className={styles.legendEntry}
              aria-pressed={!hidden.has(project.id)}
              onClick={() => onToggle(project.id)}
            >
              <span className={styles.swatch} style={{ background: color }} aria-hidden="true" />
              {project.title}
              {project.managedBy && (
                <>
                  <span className="visually-hidden">{t('analytics.legendManagedBy')}</span>{' '}
                  <OrganizationMark name={project.managedBy.name} iconUrl={project.managedBy.icon_url} />
                </>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
