import { projectTypeFromSearchSegment, PROJECT_TYPES } from '@cairn/shared/constants/project-types';
import { useLocation } from 'react-router';
import { useT } from '../../lib/i18n/i18n-provider';
import { ProjectCardSkeleton } from '../project-card/project-card-list-skeleton';
import { Skeleton, SkeletonLayout, SkeletonRegion } from '../ui/skeleton';

type PageShape = 'search' | 'project' | 'user' | 'list' | 'page';

const PROJECT_SEGMENTS: readonly string[] = [...PROJECT_TYPES, 'project'];

/** Which kind of page a path shows, for the shape of its placeholder. */
export function pageShape(pathname: string): PageShape {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  if (!second && projectTypeFromSearchSegment(first)) return 'search';
  if (second && PROJECT_SEGMENTS.includes(first)) return 'project';
  if (second && (first === 'user' || first === 'organization')) return 'user';
  if (first === 'dashboard' || first === 'moderation' || first === 'settings') return 'list';
  return 'page';
}

function Cards({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => <ProjectCardSkeleton key={index} />);
}

function Lines({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => <Skeleton key={index} width={index % 3 === 2 ? '60%' : '100%'} />);
}

function Shape({ shape }: { shape: PageShape }) {
  switch (shape) {
    case 'search':
      return (
        <SkeletonLayout kind="columns">
          <SkeletonLayout kind="stack">
            <Lines count={8} />
          </SkeletonLayout>
          <SkeletonLayout kind="stack">
            <Skeleton height="2.5rem" />
            <Cards count={5} />
          </SkeletonLayout>
        </SkeletonLayout>
      );
    case 'project':
      return (
        <>
          <SkeletonLayout kind="row">
            <Skeleton width="6rem" height="6rem" />
            <SkeletonLayout kind="stack">
              <Skeleton width="35%" height="1.75rem" />
              <Skeleton width="70%" />
            </SkeletonLayout>
          </SkeletonLayout>
          <Skeleton width="50%" height="2.25rem" />
          <Lines count={6} />
        </>
      );
    case 'user':
      return (
        <>
          <SkeletonLayout kind="row">
            <Skeleton width="6rem" height="6rem" circle />
            <SkeletonLayout kind="stack">
              <Skeleton width="30%" height="1.75rem" />
              <Skeleton width="50%" />
            </SkeletonLayout>
          </SkeletonLayout>
          <Cards count={3} />
        </>
      );
    case 'list':
      return (
        <>
          <Skeleton width="30%" height="1.75rem" />
          <Cards count={4} />
        </>
      );
    case 'page':
      return (
        <>
          <Skeleton width="40%" height="2rem" />
          <Lines count={5} />
        </>
      );
  }
}

/** Shown while the first route module and its data load: the page's shape in grey. */
export function PageLoading() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <SkeletonRegion label={t('shell.loading')}>
      <Shape shape={pageShape(pathname)} />
    </SkeletonRegion>
  );
}
