import type { GameVersionTag } from '@cairn/shared/schemas/tags';
import type { Version } from '@cairn/shared/schemas/versions';
import { isProjectType } from '@cairn/shared/constants/project-types';
import { loaderLabel } from '@cairn/shared/format/tag-labels';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { dependencyPlanQueries } from '../api/dependency-plan-queries';
import { cx } from '../../../lib/class-names';
import styles from './modpack-readiness.module.css';

interface ModpackReadinessProps {
  className?: string;
  /** The pack's versions, newest first. */
  versions: readonly Version[];
  gameVersionTags: readonly GameVersionTag[];
}

/** What to ask about: the mods of the pack's newest version, its loader, and the newest game release it is not on yet. */
export function readinessQuestion(versions: readonly Version[], gameVersionTags: readonly GameVersionTag[]) {
  const latest = versions[0];
  const newest = gameVersionTags.find((tag) => tag.version_type === 'release')?.version;
  if (!latest || !newest || latest.game_versions.includes(newest)) return undefined;
  const loader = latest.loaders.find((name) => name !== 'mrpack');
  // Bundled mods are the version's `embedded` dependencies; a pack may also declare `required` ones.
  const mods = [
    ...new Set(latest.dependencies.filter((d) => d.project_id && (d.dependency_type === 'embedded' || d.dependency_type === 'required')).map((d) => d.project_id!)),
  ];
  if (!loader || mods.length === 0) return undefined;
  return { projects: mods, loader, gameVersion: newest };
}

/**
 * On a modpack's page: "Ready for a newer game version?" — which of the mods of the pack's latest
 * version already have a version for the newest game release (on the pack's loader), and which
 * are missing, with the newest game version each does support.
 */
export function ModpackReadiness({ className, versions, gameVersionTags }: ModpackReadinessProps) {
  const question = readinessQuestion(versions, gameVersionTags);
  if (!question) return null;
  return <Readiness className={className} {...question} />;
}

function Readiness({ className, projects, loader, gameVersion }: { className?: string; projects: string[]; loader: string; gameVersion: string }) {
  const t = useT();
  const { data: plan, isPending, isError } = useQuery(dependencyPlanQueries.plan({ projects, loader, gameVersion }));
  const heading = <h2 className={styles.heading}>{t('project.readiness.heading')}</h2>;
  if (isPending || isError) {
    return (
      <section className={cx(styles.readiness, className)} aria-label={t('project.readiness.heading')}>
        {heading}
        <p className={styles.note}>{t(isPending ? 'project.readiness.checking' : 'project.readiness.failed')}</p>
      </section>
    );
  }
  const known = plan.inputs.filter((input) => input.project_id && plan.projects[input.project_id]);
  const item = (projectId: string, detail: string) => {
    const project = plan.projects[projectId]!;
    return (
      <li key={projectId}>
        <AppLink to={paths.project.getHref(isProjectType(project.project_type) ? project.project_type : 'mod', project.slug)}>{project.title}</AppLink>{' '}
        <span className={styles.detail}>{detail}</span>
      </li>
    );
  };
  const ready = known.filter((input) => input.status === 'resolved');
  const missing = known.filter((input) => input.status === 'missing');
  return (
    <section className={cx(styles.readiness, className)} aria-label={t('project.readiness.heading')}>
      {heading}
      <p>{t('project.readiness.summary', { ready: ready.length, total: known.length, gameVersion })}</p>
      {missing.length > 0 && (
        <>
          <h3 className={styles.subheading}>{t('project.readiness.missing', { gameVersion })}</h3>
          <ul className={styles.list}>
            {missing.map((input) =>
              item(
                input.project_id!,
                input.newest_game_version
                  ? t('project.readiness.newest', { gameVersion: input.newest_game_version })
                  : t('project.readiness.none', { platform: loaderLabel(loader) }),
              ),
            )}
          </ul>
        </>
      )}
      {ready.length > 0 && (
        <>
          <h3 className={styles.subheading}>{t('project.readiness.available', { gameVersion })}</h3>
          <ul className={styles.list}>{ready.map((input) => item(input.project_id!, plan.versions[input.version_id!]?.version_number ?? ''))}</ul>
        </>
      )}
    </section>
  );
}
