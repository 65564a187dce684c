import { Suspense, type ComponentProps } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import type { SectionError } from './section-error';

type SectionErrorProps = ComponentProps<typeof SectionError>;

/** Said in plain text if the notice's own code cannot load. */
function PlainSectionError({ title }: SectionErrorProps) {
  return <p role="alert">{title}</p>;
}

const LoadedSectionError = lazyComponent(() => import('./section-error').then((module) => module.SectionError), PlainSectionError);

/**
 * `SectionError` loading its code when a section actually fails, so pages that show it only on
 * failure do not carry it (and the banner) in their first download.
 */
export function LazySectionError(props: SectionErrorProps) {
  return (
    <Suspense fallback={null}>
      <LoadedSectionError {...props} />
    </Suspense>
  );
}
