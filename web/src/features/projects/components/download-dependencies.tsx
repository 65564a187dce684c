import { isProjectType } from '@cairn/shared/constants/project-types';
import type { DependencyPlan } from '@cairn/shared/schemas/dependency-plan';
import { loaderLabel } from '@cairn/shared/format/tag-labels';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { dependencyPlanQueries } from '../api/dependency-plan-queries';
import styles from './download-dependencies.module.css';

interface DownloadDependenciesProps {
  projectId: string;
  gameVersion: string;
  loader: string;
  /** Closes the modal when a dependency's link is followed. */
  onNavigate: () => void;
}

/** A project of the plan as a link (its permanent link when the plan does not name it). */
function projectLink(plan: DependencyPlan, projectId: string) {
  const project = plan.projects[projectId];
  if (!project) return undefined;
  return { title: project.title, href: paths.project.getHref(isProjectType(project.project_type) ? project.project_type : 'mod', project.slug) };
}

/**
 * In the download modal, once a game version and platform are chosen: the required dependencies
 * the dependency plan would install with this project (all levels), and those it cannot.
 */
export function DownloadDependencies({ projectId, gameVersion, loader, onNavigate }: DownloadDependenciesProps) {
  const t = useT();
  const { data: plan, isPending, isError } = useQuery(dependencyPlanQueries.plan({ projects: [projectId], loader, gameVersion }));
  if (isPending) return <p className={styles.note}>{t('project.download.dependencies.checking')}</p>;
  if (isError) return <p className={styles.note}>{t('project.download.dependencies.failed')}</p>;
  // The project itself has nothing for this choice: the list above says so already.
  if (plan.inputs[0]?.status !== 'resolved') return null;
  const platform = loaderLabel(loader);
  const problems = [
    ...plan.unresolved.map((entry) => {
      const link = entry.project_id ? projectLink(plan, entry.project_id) : undefined;
      return {
        key: `u-${entry.project_id ?? ''}-${entry.version_id ?? ''}`,
        text: link ? t('project.download.dependencies.missing', { title: link.title, gameVersion, platform }) : t('project.download.dependencies.unknown'),
      };
    }),
    ...plan.conflicts.map((conflict) => ({
      key: `c-${conflict.version_id}`,
      text: t('project.download.dependencies.conflict', {
        title: projectLink(plan, conflict.project_id)?.title ?? conflict.project_id,
        version: plan.versions[conflict.version_id]?.version_number ?? conflict.version_id,
      }),
    })),
  ];
  if (plan.dependencies.length === 0 && problems.length === 0) return null;
  return (
    <section className={styles.dependencies} aria-label={t('project.download.dependencies.label')}>
      {plan.dependencies.length > 0 && (
        <>
          <h3 className={styles.heading}>{t('project.download.dependencies.heading', { count: plan.dependencies.length })}</h3>
          <ul className={styles.list}>
            {plan.dependencies.map((dependency) => {
              const link = projectLink(plan, dependency.project_id);
              const version = plan.versions[dependency.version_id];
              return (
                <li key={dependency.project_id}>
                  {link ? (
                    <AppLink to={link.href} onClick={onNavigate}>
                      {link.title}
                    </AppLink>
                  ) : (
                    dependency.project_id
                  )}{' '}
                  <span className={styles.version}>{version?.version_number}</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {problems.length > 0 && (
        <div role="alert">
          <ul className={styles.problems}>
            {problems.map((problem) => (
              <li key={problem.key}>{problem.text}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
