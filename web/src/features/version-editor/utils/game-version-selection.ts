import type { GameVersionTag } from '@cairn/shared/schemas/tags';

/** The game versions the picker lists: releases only unless `showAll`, and always the selected ones. */
export function listedGameVersions(tags: readonly GameVersionTag[], showAll: boolean, selected: readonly string[]): string[] {
  return tags.filter((tag) => showAll || tag.version_type === 'release' || selected.includes(tag.version)).map((tag) => tag.version);
}

/**
 * A click on `target` in the listed versions. With shift held and an earlier click (`anchor`),
 * every version between the two takes the clicked box's new state; otherwise only `target` flips.
 */
export function toggleGameVersion(
  listed: readonly string[],
  selected: readonly string[],
  target: string,
  options: { anchor?: string; range: boolean },
): string[] {
  const checked = !selected.includes(target);
  const from = options.anchor === undefined ? -1 : listed.indexOf(options.anchor);
  const to = listed.indexOf(target);
  const affected = options.range && from !== -1 && to !== -1 ? listed.slice(Math.min(from, to), Math.max(from, to) + 1) : [target];
  const next = new Set(selected);
  for (const version of affected) {
    if (checked) next.add(version);
    else next.delete(version);
  }
  // Keep the tag list's order (newest first) so the request reads naturally.
  const order = new Map(listed.map((version, index) => [version, index]));
  return [...next].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
}
