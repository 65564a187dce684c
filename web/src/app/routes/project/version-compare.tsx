import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { data, useParams, type LoaderFunction } from 'react-router';
import { loadMarkdownRenderer } from '../../../components/markdown/markdown';
import { AppLink } from '../../../components/ui/app-link';
import { ChevronLeftIcon } from '../../../components/ui/content-icons';
import { paths } from '../../../config/paths';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { resolveVersionParam } from '../../../features/projects/components/version-page';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { versionUrlEnding } from '../../../features/projects/utils/versions';
import { versionDiffQueries } from '../../../features/version-diffs/api/version-diffs-queries';
import { VersionDiffView } from '../../../features/version-diffs/components/version-diff-view';
import { HttpError } from '../../../lib/api-client';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { loadProject } from './shared';
import type { Version } from '@cairn/shared/schemas/versions';

const versionNotFound = () => data({ notFound: 'version' }, { status: 404 });

/** Both ends are ids or version numbers (as on the version page); versions the list lacks are asked for by id. */
function versionIds(params: { version?: string; other?: string }, versions: readonly Version[]) {
  const none = new URLSearchParams();
  const id = (param: string) => resolveVersionParam(param, versions, none)?.id ?? param;
  return { from: id(params.version ?? ''), to: id(params.other ?? '') };
}

/** `/{type}/{project}/version/{version}/compare/{other}`: what changed between two versions (the API answers oldest first). */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    const project = await loadProject(queryClient, params.id ?? '');
    const versions = await queryClient.ensureQueryData(projectQueries.versions(project.id));
    const { from, to } = versionIds(params, versions);
    try {
      await Promise.all([queryClient.ensureQueryData(versionDiffQueries.compare(project.id, from, to)), loadMarkdownRenderer()]);
    } catch (error) {
      // A version that is missing, hidden, of another project or the same one twice: no such comparison.
      if (error instanceof HttpError && (error.status === 404 || error.status === 400)) throw versionNotFound();
      throw error;
    }
    return null;
  };

export function Component() {
  const t = useT();
  const { project, type } = useProject();
  const params = useParams();
  const { data: versions } = useSuspenseQuery(projectQueries.versions(project.id));
  const { from, to } = versionIds(params, versions);
  const { data: diff } = useSuspenseQuery(versionDiffQueries.compare(project.id, from, to));
  const ending = (id: string, number: string) => versionUrlEnding({ id, version_number: number }, versions);
  const current = diff.swapped ? diff.to : diff.from;
  useHead({
    title: `${t('project.compare.title', { from: diff.from.version_number, to: diff.to.version_number })} – ${project.title}`,
    noindex: true,
  });
  return (
    <VersionDiffView
      diff={diff}
      back={
        <AppLink to={paths.projectVersion.getHref(type, project.slug, ending(current.id, current.version_number))}>
          <ChevronLeftIcon />
          {t('project.compare.back', { version: current.name || current.version_number })}
        </AppLink>
      }
      versionHref={(id) => paths.projectVersion.getHref(type, project.slug, ending(id, versions.find((v) => v.id === id)?.version_number ?? id))}
    />
  );
}
