/**
 * New-build detection: the build writes `/build.json` and compiles the same id into the bundle
 * (`env.buildId`). The app polls the file; once it names another build, the next navigation loads
 * the page afresh instead of running old code against new chunks and a possibly changed API.
 */
export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;

/** The id of the build the server currently serves, or undefined when it cannot be told. */
export async function fetchLatestBuildId(signal?: AbortSignal): Promise<string | undefined> {
  try {
    const response = await fetch('/build.json', { cache: 'no-store', signal });
    if (!response.ok) return undefined;
    const info: unknown = await response.json();
    const buildId = typeof info === 'object' && info !== null ? (info as { buildId?: unknown }).buildId : undefined;
    return typeof buildId === 'string' && buildId !== '' ? buildId : undefined;
  } catch {
    return undefined;
  }
}

/** `dev` has no build.json; an unknown answer (offline, error) never triggers a reload. */
export function isNewBuild(currentBuildId: string, latestBuildId: string | undefined): boolean {
  return currentBuildId !== 'dev' && latestBuildId !== undefined && latestBuildId !== currentBuildId;
}
