import { useT } from '../../lib/i18n/i18n-provider';
import { Skeleton, SkeletonLayout, SkeletonRegion } from '../ui/skeleton';

/** One project card's shape: icon, title, summary and a line of details. */
export function ProjectCardSkeleton() {
  return (
    <SkeletonLayout kind="row">
      <Skeleton width="4rem" height="4rem" />
      <SkeletonLayout kind="stack">
        <Skeleton width="40%" height="1.25rem" />
        <Skeleton width="85%" />
        <Skeleton width="55%" height="0.75rem" />
      </SkeletonLayout>
    </SkeletonLayout>
  );
}

/** Project cards still loading: as many shapes as cards are expected. */
export function ProjectCardListSkeleton({ count }: { count: number }) {
  const t = useT();
  return (
    <SkeletonRegion label={t('shell.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <ProjectCardSkeleton key={index} />
      ))}
    </SkeletonRegion>
  );
}
