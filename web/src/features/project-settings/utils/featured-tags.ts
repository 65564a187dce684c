/** At most three of a project's tags are featured (v2 `categories`); the rest are `additional_categories`. */
export const MAX_FEATURED_TAGS = 3;

export interface TagSelection {
  featured: string[];
  additional: string[];
}

export function selectedTags(selection: TagSelection): string[] {
  return [...selection.featured, ...selection.additional];
}

/** Ticks or unticks a tag: a new tag is additional; an unticked tag is no longer featured either. */
export function toggleTag(selection: TagSelection, tag: string, on: boolean): TagSelection {
  const featured = selection.featured.filter((t) => t !== tag);
  const additional = selection.additional.filter((t) => t !== tag);
  if (!on) return { featured, additional };
  if (selection.featured.includes(tag)) return selection;
  return { featured, additional: [...additional, tag] };
}

/** The PATCH fields; with nothing featured the first three selected tags are featured. */
export function tagsBody(selection: TagSelection): { categories: string[]; additional_categories: string[] } {
  if (selection.featured.length > 0) return { categories: selection.featured, additional_categories: selection.additional };
  return { categories: selection.additional.slice(0, MAX_FEATURED_TAGS), additional_categories: selection.additional.slice(MAX_FEATURED_TAGS) };
}

/** Features a selected tag (refused past the limit) or moves it back to the additional ones. */
export function setFeatured(selection: TagSelection, tag: string, featured: boolean): TagSelection {
  const isSelected = selectedTags(selection).includes(tag);
  if (!isSelected) return selection;
  if (featured) {
    if (selection.featured.includes(tag) || selection.featured.length >= MAX_FEATURED_TAGS) return selection;
    return { featured: [...selection.featured, tag], additional: selection.additional.filter((t) => t !== tag) };
  }
  if (!selection.featured.includes(tag)) return selection;
  return { featured: selection.featured.filter((t) => t !== tag), additional: [...selection.additional, tag] };
}

export function canFeatureMore(selection: TagSelection): boolean {
  return selection.featured.length < MAX_FEATURED_TAGS;
}
