import type { Project } from '@cairn/shared/schemas/projects';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink, Button } from '../../../components/ui/button';
import { FilterIcon, HeartIcon } from '../../../components/ui/content-icons';
import { HeartFilledIcon } from './project-icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { projectQueries } from '../api/projects-queries';
import { useFollowFilter } from '../api/use-follow-filter';
import { useFollowProject } from '../api/use-follow-project';
import { lazyComponent } from '../../../lib/lazy-component';

// The filter dialog (with its form) loads when someone opens it.
const FollowFilterModal = lazyComponent(() => import('../../../components/follow-filter/follow-filter-modal').then((module) => module.FollowFilterModal), () => null);

/** Follow / unfollow (a heart), and "Only notify me for…" to narrow the follow. Visitors are sent to sign in, and come back here afterwards. */
export function FollowButton({ project }: { project: Project }) {
  const t = useT();
  const { user } = useCurrentUser();
  const { pathname, search } = useLocation();
  if (user === null) {
    return (
      <Tooltip content={t('project.follow')}>
        <ButtonLink to={paths.auth.signIn.getHref(`${pathname}${search}`)} size="large" iconOnly aria-label={t('project.follow')}>
          <HeartIcon />
        </ButtonLink>
      </Tooltip>
    );
  }
  if (user === undefined) {
    return (
      <Button size="large" iconOnly aria-label={t('project.follow')} disabled>
        <HeartIcon />
      </Button>
    );
  }
  return <SignedInFollowButton project={project} userId={user.id} />;
}

function SignedInFollowButton({ project, userId }: { project: Project; userId: string }) {
  const t = useT();
  const { data: followed } = useQuery(projectQueries.followed(userId));
  const follow = useFollowProject(project, userId);
  const [narrowing, setNarrowing] = useState(false);
  const following = followed?.some((p) => p.id === project.id) ?? false;
  const label = following ? t('project.unfollow') : t('project.follow');
  // A project without loaders or game versions (no versions yet) has nothing to narrow to.
  const narrowable = project.loaders.length > 0 || project.game_versions.length > 0;
  return (
    <>
      <Tooltip content={label}>
        <Button
          size="large"
          iconOnly
          color={following ? 'red' : 'standard'}
          aria-label={label}
          disabled={followed === undefined || follow.isPending}
          onClick={() => follow.mutate(!following)}
        >
          {following ? <HeartFilledIcon /> : <HeartIcon />}
        </Button>
      </Tooltip>
      {narrowable && (
        <Tooltip content={t('followFilter.open')}>
          <Button size="large" iconOnly aria-label={t('followFilter.open')} aria-haspopup="dialog" disabled={followed === undefined} onClick={() => setNarrowing(true)}>
            <FilterIcon />
          </Button>
        </Tooltip>
      )}
      {narrowing && <FollowFilterDialog project={project} userId={userId} following={following} onClose={() => setNarrowing(false)} />}
    </>
  );
}

/** The follow filter of the project page: follows with the filter, or changes the existing follow's. */
function FollowFilterDialog({ project, userId, following, onClose }: { project: Project; userId: string; following: boolean; onClose: () => void }) {
  const t = useT();
  const current = useQuery({ ...projectQueries.follow(project.id), enabled: following });
  const save = useFollowFilter(project, userId, following);
  // Wait for the saved filter before showing it; until then the modal would show the wrong ticks.
  if (following && !current.data) return null;
  return (
    <Suspense fallback={null}>
      <FollowFilterModal
        projectTitle={project.title}
        loaders={project.loaders}
        gameVersions={project.game_versions}
        value={current.data ?? { loaders: [], game_versions: [] }}
        submitLabel={following ? t('followFilter.save') : t('followFilter.follow')}
        saving={save.isPending}
        onSave={(filter) => save.mutate(filter, { onSuccess: onClose })}
        onClose={onClose}
      />
    </Suspense>
  );
}
