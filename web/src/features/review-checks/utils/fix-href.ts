import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { ReviewCheckFix } from '@cairn/shared/schemas/review-checks';
import { paths } from '../../../config/paths';

/** The page where a pre-check finding is fixed. */
export function fixHref(fix: ReviewCheckFix, type: ProjectType, slug: string): string {
  switch (fix.kind) {
    case 'settings':
      return paths.projectSettings.getHref(type, slug, fix.section);
    case 'gallery':
      return paths.project.getHref(type, slug, 'gallery');
    case 'version':
      return paths.projectVersion.getEditHref(type, slug, fix.version_id);
  }
}
