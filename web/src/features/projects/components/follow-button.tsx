import type { Project } from '@cairn/shared/schemas/projects';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ButtonLink, Button } from '../../../components/ui/button';
import { HeartIcon } from '../../../components/ui/content-icons';
import { HeartFilledIcon } from './project-icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { projectQueries } from '../api/projects-queries';
import { useFollowProject } from '../api/use-follow-project';

/** Follow / unfollow (a heart). Visitors are sent to sign in, and come back here afterwards. */
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
  const following = followed?.some((p) => p.id === project.id) ?? false;
  const label = following ? t('project.unfollow') : t('project.follow');
  return (
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
  );
}
