import type { CategoryTag, GameVersionTag, LoaderTag } from '@cairn/shared/schemas/tags';

/** The tag lists project pages use (ranges, labels, icons); the route passes them in. */
export interface ProjectTags {
  gameVersions: readonly GameVersionTag[];
  loaders: readonly LoaderTag[];
  categories: readonly CategoryTag[];
}
