import { useMemo } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { ChartProject } from '../utils/series';
import { AnalyticsPanel } from './analytics-panel';
import styles from './analytics-section.module.css';

interface AnalyticsSectionProps {
  /** The projects to chart; `published` (ISO) sets where "All time" starts. */
  projects: readonly (ChartProject & { published?: string })[];
  intro: string;
  /** h1 on a page of its own (dashboard), h2 inside a settings layout that has its own title. */
  headingLevel?: 1 | 2;
}

/** A page's analytics: heading, a sentence on what it covers, the chart panel. */
export function AnalyticsSection({ projects, intro, headingLevel = 1 }: AnalyticsSectionProps) {
  const t = useT();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const chartProjects = useMemo(() => projects.map(({ id, title, managedBy }) => ({ id, title, ...(managedBy ? { managedBy } : {}) })), [projects]);
  const since = useMemo(() => {
    const times = projects.flatMap((p) => (p.published ? [Date.parse(p.published)] : [])).filter(Number.isFinite);
    return times.length > 0 ? new Date(Math.min(...times)) : undefined;
  }, [projects]);
  return (
    <section className={styles.section} aria-labelledby="analytics-heading">
      <Heading id="analytics-heading" className={styles.heading}>
        {t('analytics.heading')}
      </Heading>
      <p className={styles.intro}>{intro}</p>
      <AnalyticsPanel projects={chartProjects} since={since} headingLevel={headingLevel === 1 ? 2 : 3} />
    </section>
  );
}
