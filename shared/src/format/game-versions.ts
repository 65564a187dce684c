const EN_DASH = '\u2013';

/**
 * Collapses a project's game versions into the ranges a project sidebar shows, newest first:
 * collapseGameVersions(['1.20.1', '1.20', '1.19.4', …, '1.18', '1.16.5'], releases)
 *   → ['1.18–1.20.1', '1.16.5'].
 *
 * Algorithm:
 * 1. `allVersionsNewestFirst` defines adjacency: two versions are consecutive when they sit
 *    next to each other in it. Pass the list of the kinds you want to bridge over — usually
 *    releases only, so that a range over releases is not broken by snapshots in between.
 * 2. The selected versions are de-duplicated and ordered by their position in that list.
 * 3. Each maximal run of consecutive positions becomes one entry: a single version stays as it
 *    is, a longer run becomes "oldest–newest" (en dash), because it reads like a span of time.
 * 4. Entries are returned newest run first. Selected versions missing from the list (e.g. a
 *    snapshot when only releases were passed) follow, each on its own, in the order given.
 */
export function collapseGameVersions(versions: readonly string[], allVersionsNewestFirst: readonly string[]): string[] {
  const position = new Map<string, number>();
  allVersionsNewestFirst.forEach((version, index) => {
    if (!position.has(version)) position.set(version, index);
  });

  const selected = [...new Set(versions)];
  const known = selected
    .flatMap((version) => {
      const index = position.get(version);
      return index === undefined ? [] : [{ version, index }];
    })
    .sort((a, b) => a.index - b.index);
  const unknown = selected.filter((v) => !position.has(v));

  // Split into runs of adjacent positions; each run is newest first.
  const runs: string[][] = [];
  let previous = Number.NaN;
  for (const { version, index } of known) {
    const run = runs.at(-1);
    if (run && index === previous + 1) run.push(version);
    else runs.push([version]);
    previous = index;
  }

  const ranges = runs.map((run) => {
    const newest = run[0] ?? '';
    const oldest = run.at(-1) ?? newest;
    return run.length === 1 ? newest : `${oldest}${EN_DASH}${newest}`;
  });
  return [...ranges, ...unknown];
}
