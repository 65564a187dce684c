import type { Version } from '@cairn/shared/schemas/versions';

/**
 * The download modal (web-screens §2.3): pick a game version and a platform, then get the
 * newest matching release plus, when they are newer, the newest beta and alpha.
 */

type Candidate = Pick<Version, 'id' | 'game_versions' | 'loaders' | 'version_type' | 'date_published'>;

export interface DownloadChoice {
  gameVersion?: string;
  loader?: string;
}

function matches(version: Candidate, choice: DownloadChoice): boolean {
  return (
    (choice.gameVersion === undefined || version.game_versions.includes(choice.gameVersion)) &&
    (choice.loader === undefined || version.loaders.includes(choice.loader))
  );
}

/** Whether any version runs on `gameVersion` with `loader` (either may be left open). */
export function isCompatible(versions: readonly Candidate[], choice: DownloadChoice): boolean {
  return versions.some((version) => matches(version, choice));
}

const time = (version: Candidate) => new Date(version.date_published).getTime();

/**
 * What to offer for a choice: the newest matching release; the newest beta if there is no
 * release or it is newer than the release; the newest alpha if it is newer than both. Newest
 * first. Empty when nothing matches.
 */
export function downloadCandidates<T extends Candidate>(versions: readonly T[], choice: DownloadChoice): T[] {
  const matching = versions.filter((version) => matches(version, choice)).sort((a, b) => time(b) - time(a));
  const newest = (type: Version['version_type']) => matching.find((version) => version.version_type === type);
  const picked: T[] = [];
  let after = Number.NEGATIVE_INFINITY;
  for (const type of ['release', 'beta', 'alpha'] as const) {
    const candidate = newest(type);
    if (candidate && time(candidate) > after) {
      picked.push(candidate);
      after = time(candidate);
    }
  }
  return picked.sort((a, b) => time(b) - time(a));
}

/**
 * A preselection from the URL (`?version=` / `?loader=`) is kept only when some version
 * supports it; and when the project offers a single game version or platform, it is chosen.
 */
export function initialChoice(versions: readonly Candidate[], requested: DownloadChoice, gameVersions: readonly string[], loaders: readonly string[]): DownloadChoice {
  const gameVersion = requested.gameVersion && gameVersions.includes(requested.gameVersion) ? requested.gameVersion : gameVersions.length === 1 ? gameVersions[0] : undefined;
  const loader = requested.loader && loaders.includes(requested.loader) ? requested.loader : loaders.length === 1 ? loaders[0] : undefined;
  return { gameVersion, loader: isCompatible(versions, { gameVersion, loader }) ? loader : undefined };
}
